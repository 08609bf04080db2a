/**
 * One review round as both sides see it (docs/sites.md, "Review and approval"): the version's
 * number and outcome, the preview (link and screenshot), who posted it and when, the team's
 * note, the changes asked for, and which member of the account answered (docs/team.md).
 */
import { Badge, Box, Flex, HStack, Image, Link, Stack, Text } from "@chakra-ui/react";
import type { ReviewRound } from "@portal/core/contracts/review";
import { REVIEW_OUTCOME_LABELS, type ReviewOutcome } from "@portal/core/sites/enums";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { AttachmentList } from "../content/attachments";
import { formatDateTime } from "../tickets/ticket-badges";

const OUTCOME_PALETTES: Record<ReviewOutcome, string> = {
  pending: "blue",
  approved: "green",
  changes_requested: "orange",
};

export function OutcomeBadge({ outcome }: { outcome: ReviewOutcome }) {
  return (
    <Badge colorPalette={OUTCOME_PALETTES[outcome]} variant="subtle">
      {REVIEW_OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

/** The screenshot, or what stands in for it while it is taken or when it could not be. */
function Screenshot({ round }: { round: ReviewRound }) {
  if (round.screenshotUrl) {
    return (
      <Image
        src={round.screenshotUrl}
        alt={`Screenshot of version ${round.round}`}
        // A white page on the white card: the frame shows where the screenshot ends.
        border="1px solid"
        borderColor="border.emphasized"
        boxShadow="sm"
        borderRadius="md"
        w="full"
        maxW="2xl"
        aspectRatio="16 / 10"
        objectFit="cover"
        objectPosition="top"
      />
    );
  }
  return (
    <Box
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="md"
      maxW="2xl"
      aspectRatio="16 / 10"
      display="flex"
      alignItems="center"
      justifyContent="center"
      p="4"
      bg="bg.muted"
    >
      <Text color="fg.muted" fontSize="sm" textAlign="center">
        {round.screenshotError
          ? `No screenshot: ${round.screenshotError} Open the preview instead.`
          : "Taking a screenshot of the preview…"}
      </Text>
    </Box>
  );
}

export function RoundCard({
  round,
  current,
  link,
  children,
}: {
  round: ReviewRound;
  /**
   * A fresh download URL of a change's attached file: the customer's own file route, or the
   * console's audited staff route.
   */
  link: (fileId: string) => Promise<string | null>;
  /** The latest round: shown with its screenshot; earlier ones stay compact. */
  current: boolean;
  /** The actions under the current round (the customer's answer). */
  children?: ReactNode;
}) {
  return (
    <Stack
      as="article"
      aria-label={`Version ${round.round}`}
      gap="3"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: "4", md: "5" }}
    >
      <Flex gap="2" justify="space-between" align="center" flexWrap="wrap">
        <HStack gap="2">
          <Text as="h2" fontWeight="bold" fontSize="lg">
            Version {round.round}
          </Text>
          <OutcomeBadge outcome={round.outcome} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Posted {formatDateTime(round.postedAt)}
          {round.postedBy ? ` by ${round.postedBy}` : ""}
        </Text>
      </Flex>
      {round.note ? (
        <Text whiteSpace="pre-wrap" borderStartWidth="3px" borderColor="brand.solid" ps="3">
          {round.note}
        </Text>
      ) : null}
      <Link
        href={round.previewUrl}
        target="_blank"
        rel="noreferrer"
        color="brand.fg"
        wordBreak="break-all"
      >
        Open the preview <ExternalLink aria-hidden size={14} />
      </Link>
      {current ? <Screenshot round={round} /> : null}
      {round.changes.length > 0 ? (
        <Stack gap="1">
          <Text fontWeight="semibold" fontSize="sm">
            {REVIEW_OUTCOME_LABELS.changes_requested}
            {round.answeredBy ? ` by ${round.answeredBy.name}` : ""}
            {round.respondedAt ? ` on ${formatDateTime(round.respondedAt)}` : ""}
          </Text>
          <Stack as="ol" ps="5" gap="1" listStyleType="decimal">
            {round.changes.map((change, index) => (
              // The list is the customer's, in their order, never reordered.
              // biome-ignore lint/suspicious/noArrayIndexKey: position is the change's identity
              <Box as="li" key={index}>
                <Text whiteSpace="pre-wrap">{change.text}</Text>
                <AttachmentList attachments={change.attachments} link={link} />
              </Box>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {round.outcome === "approved" && round.respondedAt ? (
        <Text fontSize="sm" color="fg.muted">
          {REVIEW_OUTCOME_LABELS.approved}
          {round.answeredBy ? ` by ${round.answeredBy.name}` : ""}
          {` on ${formatDateTime(round.respondedAt)}`}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
