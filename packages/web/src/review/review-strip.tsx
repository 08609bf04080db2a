/**
 * The dashboard row's line about the draft's review (docs/sites.md, "On the dashboard"): "Your
 * draft is ready" while a version waits for the customer, otherwise where the review stands,
 * each leading to the review page. Nothing once the site is live or before any version.
 */
import { Box, Button, Flex, HStack, Text } from "@chakra-ui/react";
import type { Site } from "@portal/core/contracts/sites";
import { REVIEW_OUTCOME_LABELS, REVIEW_READY_LABEL } from "@portal/core/sites/enums";
import { Link } from "@tanstack/react-router";
import { Eye } from "lucide-react";

export function ReviewStrip({ site }: { site: Site }) {
  const { review } = site;
  if (!review || site.status === "live") return null;
  const ready = review.outcome === "pending";
  return (
    <Flex
      gap="3"
      px="4"
      py="3"
      bg={ready ? "brand.subtle" : "bg.muted"}
      borderTopWidth="1px"
      align={{ base: "flex-start", sm: "center" }}
      direction={{ base: "column", sm: "row" }}
    >
      <HStack gap="2" flex="1" align="flex-start">
        <Box color="brand.fg" mt="0.5" flexShrink="0">
          <Eye size={18} aria-hidden />
        </Box>
        <Text fontSize="sm">
          <Text as="span" fontWeight="semibold">
            {ready ? REVIEW_READY_LABEL : REVIEW_OUTCOME_LABELS[review.outcome]}.
          </Text>{" "}
          {ready
            ? `Version ${review.round} is waiting for your approval.`
            : `Version ${review.round} of your draft.`}
        </Text>
      </HStack>
      <Button
        asChild
        size="sm"
        colorPalette="brand"
        variant={ready ? "solid" : "outline"}
        flexShrink="0"
      >
        <Link to="/sites/$siteId/review" params={{ siteId: site.id }}>
          {ready ? "Review the draft" : "See the review"}
        </Link>
      </Button>
    </Flex>
  );
}
