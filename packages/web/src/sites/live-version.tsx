/**
 * Site Settings' "Live Version" card (docs/sites.md, "Hosting"): which version of the site we
 * serve and when it was published, with the live site one click away.
 */
import { Card, Flex, Stack, Text } from "@chakra-ui/react";
import type { Site } from "@portal/core/contracts/sites";
import { formatLongDate } from "../ui/format";
import { versionRef } from "./hosting-state";
import { LiveSiteButton } from "./live-site-button";

function publishedAt(iso: string): string {
  const time = new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  return `${formatLongDate(iso)} at ${time}`;
}

export function LiveVersionCard({
  site,
}: {
  site: Pick<Site, "liveVersion" | "liveUrl" | "name">;
}) {
  const live = site.liveVersion;
  if (!live) return null;
  return (
    <Card.Root as="section" bg="bg" borderRadius="xl" minW="0" aria-label="Live version">
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          Live Version
        </Card.Title>
        <Card.Description>
          The version of {site.name} your visitors see. Each version we publish is kept, so an
          earlier one can be put back in seconds.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Flex gap="3" align="center" justify="space-between" wrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontWeight="medium" data-testid="live-version">
              Version {versionRef(live.deploymentId)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Published {publishedAt(live.publishedAt)}
            </Text>
          </Stack>
          <LiveSiteButton href={site.liveUrl} label="Visit" />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
