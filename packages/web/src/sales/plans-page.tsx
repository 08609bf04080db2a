/**
 * What the public pricing page and the sales page share (docs/pages.md, "Public pages"): the page
 * frame under the public header, and the three plan cards whose button remembers the plan
 * and moves on. Each page keeps its own texts, features list and destination.
 */
import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type Plan, plans } from "@portal/core/contracts/plans";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PublicHeader } from "../ui/public-header";
import { PlanCard } from "./plan-card";

export function PlansPageFrame({
  links,
  actions,
  title,
  subtitle,
  children,
}: {
  links: ReactNode;
  actions: ReactNode;
  title: ReactNode;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <PublicHeader links={links} actions={actions} />
      <Container as="main" maxW="6xl" py={{ base: "8", md: "14" }}>
        <Stack gap={{ base: "8", md: "12" }}>
          <Stack gap="2" textAlign="center">
            <Heading as="h1" size={{ base: "2xl", md: "4xl" }}>
              {title}
            </Heading>
            <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
              {subtitle}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** The header's Sign In button for a visitor who is not signed in. */
export function SignInButton() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/sign-in">Sign In</Link>
    </Button>
  );
}

/** The plan cards; choosing one stores it for /subscribe and goes to `to`. */
export function PlanGrid({
  to,
  title,
  features,
  buttonLabel,
  buttonAccessibleLabel,
  headingLevel,
}: {
  to: "/subscribe" | "/sign-in";
  /** The name on the card; the plan's `name` is what is stored and sent either way. */
  title: (plan: Plan) => string;
  features: (plan: Plan) => readonly string[];
  buttonLabel: (plan: Plan) => string;
  buttonAccessibleLabel?: (plan: Plan) => string;
  /** h2 straight under the page's title, h3 under a section heading of its own. */
  headingLevel: "h2" | "h3";
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: "8", md: "6" }} pt="3">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          title={title(plan)}
          features={features(plan)}
          buttonLabel={buttonLabel(plan)}
          buttonAccessibleLabel={buttonAccessibleLabel?.(plan)}
          to={to}
          headingLevel={headingLevel}
        />
      ))}
    </SimpleGrid>
  );
}
