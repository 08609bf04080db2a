/**
 * 'My Sites' (docs/sites.md, "On the dashboard"), three cases: (a) no sites and the questionnaire
 * completed: 'Website in Progress' with the 7-14 business days timeline and a Pending badge;
 * (b) no sites and no questionnaire: a prompt to /questionnaire; (c) otherwise one row per site,
 * a `requested` one included, with the SEO upsell strip on live sites scoring below 85. A site whose SEO package is bought shows the
 * team's progress on it instead of the offer (docs/console.md).
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Image,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import type { Site } from "@portal/core/contracts/sites";
import { Link } from "@tanstack/react-router";
import {
  CircleCheck,
  ClipboardList,
  FolderUp,
  Hammer,
  Rocket,
  Settings,
  TrendingUp,
} from "lucide-react";
import { startTransition, useRef, useState } from "react";
import { SEO_PRICE_SHORT } from "../billing/seo-price";
import { ReviewStrip } from "../review/review-strip";
import { LiveSiteButton } from "../sites/live-site-button";
import { SiteListStates, useSites } from "../sites/site-list-states";
import { UptimeLine } from "../sites/uptime";
import { imagesPainted } from "../ui/after-paint";
import { formatLongDate } from "../ui/format";
import { dashboardSiteBadge, scoreBand, showsSeoUpsell } from "./site-display";
import placeholderImage from "./site-placeholder.svg";

export interface MySitesProps {
  hasCompletedQuestionnaire: boolean;
  /** Opens the SEO upsell offer for a site (its 'Upgrade for' button); none: no offer. */
  onUpgrade?: (site: Site) => void;
  /**
   * Called once the card shows the answer (the rows with their previews painted, the empty
   * state or the failure): the first sight of the page is on screen.
   */
  onShown?: () => void;
}

export function MySites({ hasCompletedQuestionnaire, onUpgrade, onShown }: MySitesProps) {
  const sites = useSites();
  const card = useRef<HTMLDivElement>(null);
  // The rows' uptime reads wait until the rows and their previews (the page's largest paint on
  // a phone) are on screen, so they stay out of its way (docs/performance.md, "Seventh round").
  const [painted, setPainted] = useState(false);
  const shown = () => {
    void imagesPainted(card.current).then(() => {
      startTransition(() => setPainted(true));
      onShown?.();
    });
  };
  const body = (
    <SiteListStates
      sites={sites}
      onShown={shown}
      loading={
        <Stack gap="3">
          <Skeleton height="24" borderRadius="lg" />
          <Skeleton height="24" borderRadius="lg" />
        </Stack>
      }
      empty={hasCompletedQuestionnaire ? <WebsiteInProgress /> : <QuestionnairePrompt />}
    >
      {(list) => (
        <Stack gap="3">
          {list.map((site) => (
            <SiteRow key={site.id} site={site} onUpgrade={onUpgrade} painted={painted} />
          ))}
        </Stack>
      )}
    </SiteListStates>
  );

  return (
    <Card.Root
      ref={card}
      as="section"
      aria-labelledby="my-sites-title"
      bg="bg"
      borderRadius="xl"
      size={{ base: "sm", md: "md" }}
    >
      <Card.Header>
        <Card.Title as="h2" id="my-sites-title">
          My Sites
        </Card.Title>
      </Card.Header>
      <Card.Body pt="4">{body}</Card.Body>
    </Card.Root>
  );
}

const BUILD_STEPS = [
  { icon: CircleCheck, title: "Questionnaire received", done: true },
  { icon: Hammer, title: "Design & development", done: false },
  { icon: Rocket, title: "Review & launch", done: false },
];

/**
 * Case (a): the questionnaire is in and there is no site record yet. Once a site exists, even
 * one still `requested`, its row (name, 'URL pending', status) says more than this card.
 */
function WebsiteInProgress() {
  return (
    <Stack gap="5" p={{ base: "4", md: "5" }} borderWidth="1px" borderRadius="lg" bg="brand.subtle">
      <Flex gap="3" justify="space-between" align="flex-start">
        <Stack gap="1" flex="1" minW="0">
          <Heading as="h3" size="md">
            Website in Progress
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Our team is building your website. Expected delivery: 7-14 business days.
          </Text>
        </Stack>
        <Badge colorPalette="yellow" variant="solid" size="md">
          Pending
        </Badge>
      </Flex>
      <Stack as="ol" gap="3" listStyleType="none" aria-label="Build timeline">
        {BUILD_STEPS.map((step) => (
          <HStack as="li" key={step.title} gap="3">
            <Box color={step.done ? "green.fg" : "fg.muted"} flexShrink="0">
              <step.icon size={18} aria-hidden />
            </Box>
            <Text fontSize="sm" fontWeight={step.done ? "medium" : "normal"}>
              {step.title}
            </Text>
            <Text fontSize="xs" color="fg.muted" ms="auto">
              {step.done ? "Done" : "Up next"}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

/** Case (b): nothing requested yet. */
function QuestionnairePrompt() {
  return (
    <Stack gap="3" align="center" textAlign="center" py="6">
      <Box color="brand.fg">
        <ClipboardList size={32} aria-hidden />
      </Box>
      <Heading as="h3" size="md">
        Let's get your website started
      </Heading>
      <Text color="fg.muted" fontSize="sm" maxW="sm">
        Complete the website questionnaire so our team can start building your site.
      </Text>
      <Button asChild colorPalette="brand">
        <Link to="/questionnaire">Complete Questionnaire</Link>
      </Button>
    </Stack>
  );
}

function SiteThumbnail({ site }: { site: Site }) {
  const preferred = site.screenshotUrl ?? site.thumbnail ?? placeholderImage;
  const [src, setSrc] = useState(preferred);
  // A new presigned URL after a refresh replaces the old one.
  const [shown, setShown] = useState(preferred);
  if (shown !== preferred) {
    setShown(preferred);
    setSrc(preferred);
  }
  return (
    <Image
      src={src}
      alt={`${site.name} preview`}
      onError={() => setSrc(placeholderImage)}
      w={{ base: "full", sm: "32" }}
      h={{ base: "36", sm: "20" }}
      objectFit="cover"
      objectPosition="top"
      borderRadius="md"
      borderWidth="1px"
      flexShrink="0"
      bg="bg.muted"
    />
  );
}

function SiteRow({
  site,
  onUpgrade,
  painted,
}: {
  site: Site;
  onUpgrade?: (site: Site) => void;
  /** The list with its previews is on screen: the uptime line may read. */
  painted: boolean;
}) {
  const status = dashboardSiteBadge(site);
  const score = scoreBand(site.performanceScore);
  const updated = formatLongDate(site.updatedAt);
  return (
    <Box borderWidth="1px" borderRadius="lg" overflow="hidden">
      {/* The buttons go below the text, so name, address and dates keep the row's width
          however many buttons there are. */}
      <Flex gap="4" p="4" direction={{ base: "column", sm: "row" }} align={{ sm: "flex-start" }}>
        <SiteThumbnail site={site} />
        <Stack gap="3" flex="1" minW="0">
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" truncate>
                {site.name}
              </Text>
              <Badge
                colorPalette={status.palette}
                variant={status.palette === "red" ? "solid" : "subtle"}
              >
                {status.label}
              </Badge>
            </HStack>
            <Text fontSize="sm" color={site.url ? "fg" : "fg.muted"} truncate>
              {site.url ?? "URL pending"}
            </Text>
            <HStack columnGap="4" rowGap="0" fontSize="xs" color="fg.muted" wrap="wrap">
              {updated ? <Text whiteSpace="nowrap">Updated {updated}</Text> : null}
              <HStack gap="1" whiteSpace="nowrap">
                <Text>Performance</Text>
                <Text
                  fontWeight="semibold"
                  color={score.palette === "gray" ? "fg.muted" : `${score.palette}.fg`}
                  aria-label={`Performance score ${score.text}`}
                >
                  {score.text}
                </Text>
              </HStack>
            </HStack>
            {site.status === "live" ? <UptimeLine siteId={site.id} load={painted} /> : null}
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            {site.status === "live" ? null : (
              // While the site is being built, the team needs the customer's content (docs/content.md).
              <Button asChild size="sm" variant="outline">
                <Link to="/site-settings" search={{ site: site.id }} hash="content">
                  <FolderUp aria-hidden />
                  Add Content
                </Link>
              </Button>
            )}
            <LiveSiteButton href={site.liveUrl} label="Preview" />
            <Button asChild size="sm" variant="outline">
              <Link to="/manage">
                <Settings aria-hidden />
                Manage
              </Link>
            </Button>
          </HStack>
        </Stack>
      </Flex>
      <ReviewStrip site={site} />
      {site.seoPackage ? (
        <SeoPackageProgress status={site.seoPackage} />
      ) : onUpgrade && showsSeoUpsell(site) ? (
        <Flex
          gap="3"
          px="4"
          py="3"
          bg="orange.subtle"
          borderTopWidth="1px"
          align={{ base: "flex-start", sm: "center" }}
          direction={{ base: "column", sm: "row" }}
        >
          <HStack gap="2" flex="1" align="flex-start">
            <Box color="orange.fg" mt="0.5" flexShrink="0">
              <TrendingUp size={18} aria-hidden />
            </Box>
            <Text fontSize="sm">
              <Text as="span" fontWeight="semibold">
                Boost your score to 90+.
              </Text>{" "}
              Our SEO performance package optimizes meta tags, speed and content.
            </Text>
          </HStack>
          <Button size="sm" colorPalette="orange" onClick={() => onUpgrade(site)} flexShrink="0">
            Upgrade for {SEO_PRICE_SHORT}
          </Button>
        </Flex>
      ) : null}
    </Box>
  );
}

const SEO_PACKAGE_PROGRESS: Record<
  NonNullable<Site["seoPackage"]>,
  { title: string; text: string }
> = {
  not_started: {
    title: "SEO package purchased.",
    text: "We'll start optimizing your site within 24 hours.",
  },
  started: {
    title: "SEO package in progress.",
    text: "Our team is optimizing your site's meta tags, speed and content.",
  },
  done: {
    title: "SEO package complete.",
    text: "Your next performance test will show the new score.",
  },
};

/** The bought SEO package: what the team is doing about it. */
function SeoPackageProgress({ status }: { status: NonNullable<Site["seoPackage"]> }) {
  const done = status === "done";
  return (
    <HStack
      gap="2"
      px="4"
      py="3"
      bg={done ? "green.subtle" : "blue.subtle"}
      borderTopWidth="1px"
      align="flex-start"
      data-testid="seo-package"
    >
      <Box color={done ? "green.fg" : "blue.fg"} mt="0.5" flexShrink="0">
        {done ? <CircleCheck size={18} aria-hidden /> : <TrendingUp size={18} aria-hidden />}
      </Box>
      <Text fontSize="sm">
        <Text as="span" fontWeight="semibold">
          {SEO_PACKAGE_PROGRESS[status].title}
        </Text>{" "}
        {SEO_PACKAGE_PROGRESS[status].text}
      </Text>
    </HStack>
  );
}
