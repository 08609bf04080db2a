/** The public landing page (docs/pages.md, "Public pages"). */
import {
  Badge,
  Box,
  Button,
  Container,
  Heading,
  HStack,
  Icon,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { PLAN_NAMES_IN_WORDS } from "@portal/core/contracts/plans";
import { Link } from "@tanstack/react-router";
import { ClipboardList, Gauge, Headset, Palette, Rocket, Star } from "lucide-react";
import { productName } from "../brand";
import { HeaderLink, PublicHeader } from "../ui/public-header";

const features = [
  {
    icon: Palette,
    title: "Custom design, built for you",
    text: "Our team designs and builds your site from your answers. No templates to fight, no code to write.",
  },
  {
    icon: Rocket,
    title: "Live in 7-14 days",
    text: "Tell us about your business once. We handle the pages, hosting and launch.",
  },
  {
    icon: Gauge,
    title: "Hosting, SEO and performance",
    text: "Your site is hosted and monitored, with analytics, SEO checks and performance tests in your portal.",
  },
];

const steps = [
  { icon: Star, title: "Choose a plan", text: `Pick ${PLAN_NAMES_IN_WORDS}.` },
  {
    icon: ClipboardList,
    title: "Tell us about your business",
    text: "A short questionnaire: about 5-10 minutes.",
  },
  { icon: Rocket, title: "We build and launch", text: "Your site goes live within 7-14 days." },
];

export function LandingPage() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <PublicHeader
        links={<HeaderLink to="/sales">Pricing</HeaderLink>}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/sign-in">Sign In</Link>
          </Button>
        }
      />
      <Box as="main" flex="1">
        <Box
          bgGradient="to-b"
          gradientFrom="brand.50"
          gradientTo="bg"
          py={{ base: "14", md: "24" }}
        >
          <Container maxW="4xl" textAlign="center">
            <Stack gap="6" align="center">
              <Badge colorPalette="brand" variant="subtle" size="lg" borderRadius="full" px="3">
                500+ businesses served
              </Badge>
              <Heading
                as="h1"
                fontSize={{ base: "4xl", md: "6xl" }}
                lineHeight="1.1"
                letterSpacing="tight"
              >
                Done-For-You Website Creation
              </Heading>
              <Text fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxW="2xl">
                Pick a plan, answer a few questions about your business, and {productName}'s team
                builds, hosts and looks after your website.
              </Text>
              <Stack
                direction={{ base: "column", sm: "row" }}
                gap="3"
                w={{ base: "full", sm: "auto" }}
              >
                <Button asChild colorPalette="brand" size="xl">
                  <Link to="/sign-in">Get Started Free</Link>
                </Button>
                <Button asChild variant="outline" size="xl" bg="bg">
                  <Link to="/sales">View Plans</Link>
                </Button>
              </Stack>
            </Stack>
          </Container>
        </Box>

        <Container maxW="6xl" pt={{ base: "4", md: "8" }} pb={{ base: "12", md: "20" }}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            {features.map((f) => (
              <Stack key={f.title} p="6" borderWidth="1px" borderRadius="xl" gap="3" bg="bg">
                <Icon as={f.icon} boxSize="8" color="brand.fg" aria-hidden />
                <Heading as="h2" size="md">
                  {f.title}
                </Heading>
                <Text color="fg.muted">{f.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>

        <Box bg="bg.subtle" py={{ base: "12", md: "20" }}>
          <Container maxW="6xl">
            <Heading as="h2" size="2xl" textAlign="center" mb="10">
              How It Works
            </Heading>
            <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="8" listStyleType="none">
              {steps.map((s, i) => (
                <Stack as="li" key={s.title} align="center" textAlign="center" gap="3">
                  <Box
                    boxSize="12"
                    borderRadius="full"
                    bg="brand.solid"
                    color="brand.contrast"
                    display="grid"
                    placeItems="center"
                    fontWeight="bold"
                    fontSize="lg"
                    aria-hidden
                  >
                    {i + 1}
                  </Box>
                  <Heading as="h3" size="md">
                    <Text as="span" srOnly>{`Step ${i + 1}: `}</Text>
                    {s.title}
                  </Heading>
                  <Text color="fg.muted">{s.text}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Container maxW="4xl" py={{ base: "12", md: "16" }} textAlign="center">
          <HStack justify="center" gap="1" color="orange.500" mb="3" aria-hidden>
            {[1, 2, 3, 4, 5].map((n) => (
              <Star key={n} size={20} fill="currentColor" />
            ))}
          </HStack>
          <Text fontSize="lg" fontWeight="medium">
            Trusted by 500+ small businesses to build and run their websites.
          </Text>
        </Container>

        <Box bg="brand.solid" color="brand.contrast" py={{ base: "12", md: "16" }}>
          <Container maxW="3xl" textAlign="center">
            <Stack gap="5" align="center">
              <Icon as={Headset} boxSize="10" aria-hidden />
              <Heading as="h2" size="2xl">
                Ready for a website you don't have to build?
              </Heading>
              <Text fontSize="lg" opacity="0.9">
                Start today, or talk it through first in a free, no-obligation 15-minute
                consultation.
              </Text>
              <Button asChild size="xl" bg="white" color="brand.700" _hover={{ bg: "brand.50" }}>
                <Link to="/sign-in">Get Started Free</Link>
              </Button>
            </Stack>
          </Container>
        </Box>
      </Box>
      <Box as="footer" py="6" textAlign="center" color="fg.muted" fontSize="sm">
        © {new Date().getFullYear()} {productName}
      </Box>
    </Box>
  );
}
