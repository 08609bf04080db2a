import {
  Box,
  Button,
  Link as ChakraLink,
  Container,
  Heading,
  HStack,
  Icon,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { plans } from "@portal/core/contracts/plans";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { CalendarClock, Mail } from "lucide-react";
import { useAccess } from "../access/access-context";
import { consultationUrl, contactEmail } from "../brand";
import { useIdentity } from "../identity/context";
import { useSignOut } from "../identity/use-sign-out";
import { PlanCard } from "../sales/plan-card";
import { storeSelectedPlan } from "../sales/selected-plan";
import { HeaderLink, PublicHeader } from "../ui/public-header";

/** The sales page (spec part 1 §2.4). */
export const Route = createFileRoute("/sales")({ component: SalesPage });

function SalesPage() {
  const identity = useIdentity();
  const { user } = useAccess();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const firstName = user?.firstName || identity.user?.firstName || "User";

  const choose = (planName: string) => {
    storeSelectedPlan(planName);
    void navigate({ to: "/subscribe" });
  };

  return (
    <Box minH="100dvh" bg="bg.subtle">
      <PublicHeader
        links={
          <>
            <HeaderLink to="/" wide>
              Home
            </HeaderLink>
            <HeaderLink to="/pricing">Pricing</HeaderLink>
          </>
        }
        actions={
          identity.signedIn ? (
            <Button variant="outline" size="sm" onClick={() => void signOut()}>
              Sign Out
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <Link to="/sign-in">Sign In</Link>
            </Button>
          )
        }
      />
      <Container as="main" maxW="6xl" py={{ base: "8", md: "14" }}>
        <Stack gap={{ base: "8", md: "12" }}>
          <Stack gap="2" textAlign="center">
            <Heading as="h1" size={{ base: "2xl", md: "4xl" }}>
              Welcome, {firstName}!
            </Heading>
            <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
              Choose the plan that fits your business. We design, build and host your website.
            </Text>
          </Stack>

          <Stack
            direction={{ base: "column", md: "row" }}
            align={{ base: "stretch", md: "center" }}
            justify="space-between"
            gap="5"
            p={{ base: "5", md: "6" }}
            bg="bg"
            borderWidth="1px"
            borderRadius="xl"
          >
            <HStack gap="4" align="flex-start">
              <Icon as={CalendarClock} boxSize="8" color="brand.fg" flexShrink="0" aria-hidden />
              <Stack gap="1">
                <Heading as="h2" size="md">
                  Not sure which plan is right?
                </Heading>
                <Text color="fg.muted">
                  Book a free, no-obligation 15-minute consultation with our team.
                </Text>
              </Stack>
            </HStack>
            <Button asChild colorPalette="brand" variant="subtle" flexShrink="0">
              <a href={consultationUrl}>Schedule Free Consultation</a>
            </Button>
          </Stack>

          <Stack gap="6">
            <Heading as="h2" size="xl" textAlign="center">
              Our Plans
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: "8", md: "6" }} pt="3">
              {plans.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  features={plan.siteFeatures}
                  buttonLabel={`Choose ${plan.name}`}
                  onChoose={() => choose(plan.name)}
                />
              ))}
            </SimpleGrid>
          </Stack>

          <HStack justify="center" gap="2" color="fg.muted" flexWrap="wrap" textAlign="center">
            <Mail size={18} aria-hidden />
            <Text>
              Questions? Email us at{" "}
              <ChakraLink href={`mailto:${contactEmail}`} color="brand.fg" fontWeight="medium">
                {contactEmail}
              </ChakraLink>
            </Text>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
