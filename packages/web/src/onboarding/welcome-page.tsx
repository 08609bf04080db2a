import {
  Box,
  Button,
  Center,
  Link as ChakraLink,
  Container,
  Heading,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { ClipboardList, Hammer, PartyPopper, Rocket } from "lucide-react";
import { contactEmail, productName } from "../brand";
import { Logo } from "../ui/logo";

const steps = [
  {
    icon: ClipboardList,
    title: "Complete the questionnaire",
    text: "Tell us about your business, goals and style. It takes about 5-10 minutes.",
  },
  {
    icon: Hammer,
    title: "Our team builds your site",
    text: "Designers and developers create your custom website from your answers.",
  },
  {
    icon: Rocket,
    title: "Your site goes live",
    text: "Your website launches within 7-14 days.",
  },
];

const confettiColors = [
  "brand.400",
  "orange.400",
  "green.400",
  "red.400",
  "yellow.400",
  "blue.400",
];

function Confetti() {
  return (
    <Box position="absolute" inset="0" overflow="hidden" pointerEvents="none" aria-hidden>
      {Array.from({ length: 24 }, (_, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, never reordered list
          key={i}
          position="absolute"
          top="0"
          left={`${(i * 41) % 100}%`}
          w="2"
          h="3"
          borderRadius="sm"
          bg={confettiColors[i % confettiColors.length]}
          opacity="0"
          animation={`confettiFall ${2 + (i % 5) * 0.35}s ease-out ${(i % 7) * 0.15}s 1 both`}
          _motionReduce={{ animation: "none", display: "none" }}
        />
      ))}
    </Box>
  );
}

/** The welcome page after payment (docs/pages.md, "Public pages"). */
export function WelcomePage() {
  return (
    <Box
      minH="100dvh"
      bgGradient="to-b"
      gradientFrom="brand.50"
      gradientTo="bg"
      position="relative"
    >
      <Confetti />
      <Container as="main" maxW="3xl" py={{ base: "10", md: "16" }} position="relative">
        <Stack gap="10" align="center" textAlign="center">
          <Logo size="lg" />
          <Stack gap="4" align="center">
            <Center
              boxSize="20"
              borderRadius="full"
              bg="brand.solid"
              color="brand.contrast"
              animation="popIn 0.6s ease-out both"
              _motionReduce={{ animation: "none" }}
            >
              <PartyPopper size={40} aria-hidden />
            </Center>
            <Heading as="h1" size={{ base: "2xl", md: "4xl" }}>
              Welcome to {productName}!
            </Heading>
            <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
              Your payment went through. Here's what happens next.
            </Text>
          </Stack>

          <Stack as="ol" gap="4" w="full" listStyleType="none" textAlign="start">
            {steps.map((step, i) => (
              <Stack
                as="li"
                key={step.title}
                direction="row"
                gap="4"
                p="5"
                bg="bg"
                borderWidth="1px"
                borderRadius="xl"
                align="flex-start"
              >
                <Center
                  boxSize="10"
                  borderRadius="full"
                  bg="brand.subtle"
                  color="brand.fg"
                  flexShrink="0"
                >
                  <step.icon size={20} aria-hidden />
                </Center>
                <Stack gap="1">
                  <Heading as="h2" size="md">
                    {i + 1}. {step.title}
                  </Heading>
                  <Text color="fg.muted">{step.text}</Text>
                </Stack>
              </Stack>
            ))}
          </Stack>

          <Button asChild colorPalette="brand" size="xl">
            <Link to="/questionnaire">Continue to Questionnaire</Link>
          </Button>
          <Text color="fg.muted" fontSize="sm">
            Need help along the way? Email us at{" "}
            <ChakraLink href={`mailto:${contactEmail}`} color="brand.fg" fontWeight="medium">
              {contactEmail}
            </ChakraLink>{" "}
            and our team will get back to you.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
