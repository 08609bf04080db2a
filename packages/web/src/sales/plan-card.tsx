import { Badge, Box, Button, Heading, HStack, List, Stack, Text } from "@chakra-ui/react";
import type { Plan } from "@portal/core/contracts/plans";
import { Link } from "@tanstack/react-router";
import { Check } from "lucide-react";
import { PLAN_LINK_ATTRIBUTE, storePlanOfLink } from "./selected-plan";

/**
 * One plan: name, description, monthly price, features, and the link that picks it. A link, not a button:
 * on the pre-rendered page it works before (and without) the app (docs/pages.md,
 * "Pre-rendered public pages").
 */
export function PlanCard({
  plan,
  title,
  features,
  buttonLabel,
  buttonAccessibleLabel,
  to,
  headingLevel,
}: {
  plan: Plan;
  /** The plan's name as this page shows it. */
  title: string;
  features: readonly string[];
  buttonLabel: string;
  /** When the visible label does not name the plan, what a screen reader hears instead. */
  buttonAccessibleLabel?: string;
  /** Where choosing the plan leads; the plan is stored for /subscribe on the way. */
  to: "/subscribe" | "/sign-in";
  /** The level below the page's own headings, so the outline has no gap. */
  headingLevel: "h2" | "h3";
}) {
  const headingId = `plan-${plan.id}`;
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      position="relative"
      gap="5"
      p={{ base: "6", md: "8" }}
      bg="bg"
      borderWidth={plan.popular ? "2px" : "1px"}
      borderColor={plan.popular ? "brand.solid" : "border"}
      borderRadius="2xl"
      boxShadow={plan.popular ? "lg" : "sm"}
    >
      {plan.popular ? (
        <Badge
          position="absolute"
          top="0"
          left="50%"
          transform="translate(-50%, -50%)"
          colorPalette="brand"
          variant="solid"
          size="lg"
          borderRadius="full"
          px="3"
        >
          Most Popular
        </Badge>
      ) : null}
      <Stack gap="2">
        <Heading as={headingLevel} size="lg" id={headingId}>
          {title}
        </Heading>
        {/* Three lines kept side by side, so the prices line up across the cards. */}
        <Text color="fg.muted" minH={{ md: "3lh" }}>
          {plan.description}
        </Text>
        <HStack align="baseline" gap="1">
          <Text fontSize="4xl" fontWeight="bold" lineHeight="1">
            ${plan.price}
          </Text>
          <Text color="fg.muted">/month</Text>
        </HStack>
      </Stack>
      <List.Root gap="2" variant="plain" flex="1">
        {features.map((feature) => (
          <List.Item key={feature} alignItems="flex-start">
            <List.Indicator asChild color="green.600">
              <Box as="span" mt="0.5">
                <Check size={18} aria-hidden />
              </Box>
            </List.Indicator>
            {feature}
          </List.Item>
        ))}
      </List.Root>
      <Button asChild colorPalette="brand" variant={plan.popular ? "solid" : "outline"} size="lg">
        <Link
          to={to}
          aria-label={buttonAccessibleLabel}
          {...{ [PLAN_LINK_ATTRIBUTE]: plan.name }}
          onClick={(event) => storePlanOfLink(event.currentTarget)}
        >
          {buttonLabel}
        </Link>
      </Button>
    </Stack>
  );
}
