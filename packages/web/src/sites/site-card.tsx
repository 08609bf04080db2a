/**
 * One site on Manage Sites (docs/sites.md, "Manage Sites"): preview image (or the 'not live' text)
 * with a refresh button on hover, name with the raw status, description, Updated date, performance
 * badge, View and Settings, and the Desktop/Tablet/Mobile previews.
 */
import {
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  HStack,
  IconButton,
  Image,
  Spinner,
  Text,
} from "@chakra-ui/react";
import type { Site } from "@portal/core/contracts/sites";
import { Link } from "@tanstack/react-router";
import {
  ExternalLink,
  ImageOff,
  Monitor,
  RefreshCw,
  Settings,
  Smartphone,
  Tablet,
} from "lucide-react";
import { useState } from "react";
import { scoreBand } from "../dashboard/site-display";
import { formatLongDate } from "../ui/format";
import { toast } from "../ui/toaster";
import { Tooltip } from "../ui/tooltip";
import { manageStatusPalette, previewUrl } from "./site-status";

const DEVICES = [
  { label: "Desktop", icon: Monitor },
  { label: "Tablet", icon: Tablet },
  { label: "Mobile", icon: Smartphone },
] as const;

export interface SiteCardProps {
  site: Site;
  /** A new preview is being captured for this site. */
  refreshing: boolean;
  onRefresh: () => void;
}

export function SiteCard({ site, refreshing, onRefresh }: SiteCardProps) {
  const score = scoreBand(site.performanceScore);
  const updated = formatLongDate(site.lastScreenshotUpdate);
  const preview = previewUrl(site);

  const openPreview = () => {
    if (!preview) {
      toast({
        title: "Site Not Available",
        description: "This site is not yet deployed or URL is not available.",
        variant: "destructive",
      });
      return;
    }
    window.open(preview, "_blank", "noopener,noreferrer");
  };

  return (
    <Card.Root bg="bg" borderRadius="xl" overflow="hidden" data-testid="site-card">
      <Box position="relative" className="group" borderBottomWidth="1px">
        <AspectRatio ratio={1280 / 800} bg="bg.muted">
          <Screenshot site={site} />
        </AspectRatio>
        {refreshing ? (
          <Flex
            position="absolute"
            inset="0"
            bg="blackAlpha.500"
            color="white"
            align="center"
            justify="center"
            gap="2"
            role="status"
          >
            <Spinner size="sm" />
            <Text fontSize="sm" fontWeight="medium">
              Updating preview...
            </Text>
          </Flex>
        ) : null}
        <Tooltip content="Refresh preview">
          <IconButton
            aria-label={`Refresh preview of ${site.name}`}
            size="sm"
            variant="solid"
            bg="bg"
            color="fg"
            shadow="md"
            position="absolute"
            top="3"
            right="3"
            disabled={refreshing}
            onClick={onRefresh}
            // Shown on hover or keyboard focus; always on touch screens, which cannot hover.
            opacity="0"
            transition="opacity 0.15s"
            _groupHover={{ opacity: 1 }}
            _focusVisible={{ opacity: 1 }}
            css={{ "@media (hover: none)": { opacity: 1 } }}
          >
            <RefreshCw aria-hidden />
          </IconButton>
        </Tooltip>
      </Box>

      <Card.Body gap="3" p="5">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Card.Title as="h2" fontSize="lg" lineClamp={1} title={site.name}>
            {site.name}
          </Card.Title>
          <Badge colorPalette={manageStatusPalette(site.status)} variant="subtle" flexShrink="0">
            {site.status}
          </Badge>
        </Flex>
        <Text fontSize="sm" color="fg.muted" lineClamp={2} minH="10">
          {site.description || "No description"}
        </Text>
        <Flex justify="space-between" align="center" gap="3" fontSize="xs" color="fg.muted">
          <Text>{updated ? `Updated ${updated}` : "Not captured yet"}</Text>
          <Badge
            colorPalette={score.palette}
            variant="outline"
            aria-label={`Performance score ${score.text}`}
          >
            {score.text}
          </Badge>
        </Flex>
      </Card.Body>

      <Card.Footer flexDirection="column" alignItems="stretch" gap="3" p="5" pt="0">
        <HStack gap="2">
          {site.liveUrl ? (
            <Button asChild size="sm" colorPalette="brand" flex="1">
              <a href={site.liveUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden />
                View
              </a>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline" flex="1">
            <Link to="/site-settings" search={{ site: site.id }}>
              <Settings aria-hidden />
              Settings
            </Link>
          </Button>
        </HStack>
        <HStack gap="2" role="group" aria-label={`Preview ${site.name}`}>
          {DEVICES.map(({ label, icon: Icon }) => (
            <Button
              key={label}
              size="xs"
              variant="ghost"
              flex="1"
              disabled={!preview}
              onClick={openPreview}
            >
              <Icon aria-hidden />
              {label}
            </Button>
          ))}
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}

function Screenshot({ site }: { site: Site }) {
  // A presigned URL expires after 15 minutes; a failed load shows the placeholder.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = site.screenshotUrl;
  if (!src || failedSrc === src) {
    return (
      <Flex direction="column" align="center" justify="center" gap="2" color="fg.muted" p="6">
        <ImageOff size={28} aria-hidden />
        <Text fontSize="sm" textAlign="center">
          Preview will appear when site is live
        </Text>
      </Flex>
    );
  }
  return (
    <Image
      src={src}
      alt={`Preview of ${site.name}`}
      objectFit="cover"
      objectPosition="top"
      onError={() => setFailedSrc(src)}
    />
  );
}
