import {
  Box,
  Button,
  Link as ChakraLink,
  Container,
  Heading,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { plans } from "@portal/core/contracts/plans";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { useIdentity } from "../identity/context";
import { PlanCard } from "../sales/plan-card";
import { storeSelectedPlan } from "../sales/selected-plan";
import { HeaderLink, PublicHeader } from "../ui/public-header";

/** The public pricing page (spec part 1 §2.5), monthly prices (DECISIONS.md). */
export const Route = createFileRoute("/pricing")({ component: PricingPage });

function PricingPage() {
  const identity = useIdentity();
  const navigate = useNavigate();

  const choose = (planName: string) => {
    storeSelectedPlan(planName);
    void navigate({ to: identity.signedIn ? "/subscribe" : "/sign-in" });
  };

  return (
    <Box minH="100dvh" bg="bg.subtle">
      <PublicHeader
        links={
          <HeaderLink to="/" wide>
            Home
          </HeaderLink>
        }
        actions={
          identity.signedIn ? null : (
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
              Choose Your Plan
            </Heading>
            <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
              Monthly plans. Your website designed, built, hosted and looked after.
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: "8", md: "6" }} pt="3">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                features={plan.features}
                buttonLabel="Get Started"
                buttonAccessibleLabel={`Get Started with ${plan.name}`}
                onChoose={() => choose(plan.name)}
              />
            ))}
          </SimpleGrid>
          <Text textAlign="center">
            {/* The spec's target (/api/login) belonged to an older server sign-in; sign-up is
                where starting a website begins now. */}
            <ChakraLink asChild color="brand.fg" fontWeight="semibold" fontSize="lg">
              <Link to="/sign-up">Start Your Website Today</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
