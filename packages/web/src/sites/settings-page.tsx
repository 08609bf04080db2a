/**
 * Site Settings (/site-settings, docs/sites.md, "Site Settings"): the customer's sites with status
 * badges, the 'No Sites Yet' and 'Select a Site' states, and the settings of the chosen site.
 * `?site=` holds the choice, so Manage Sites can link straight to a site and a reload keeps it.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Flex,
  Grid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import type { Site } from "@portal/core/contracts/sites";
import { MousePointerClick } from "lucide-react";
import { lazy, Suspense } from "react";
import { ContentSection } from "../content/content-section";
import { ReportsLink } from "../reports/reports-link";
import { PageHeader } from "../shell/app-shell";
import { LiveVersionCard } from "./live-version";
import { pickSite } from "./queries";
import { NoSitesYet, SiteListStates, useSites } from "./site-list-states";
import { settingsStatusBadge } from "./site-status";
import { UptimeCard } from "./uptime";

// The settings form (its tabs, switches, form library and the domain panel) is a chunk of its
// own, which the route's loader starts downloading beside the list of sites
// (docs/performance.md, "`signed-in`").
const SiteSettingsForm = lazy(() =>
  import("./settings-form").then((m) => ({ default: m.SiteSettingsForm })),
);

export interface SiteSettingsPageProps {
  selectedId: string | undefined;
  onSelect: (siteId: string | undefined) => void;
}

export function SiteSettingsPage({ selectedId, onSelect }: SiteSettingsPageProps) {
  const sites = useSites();

  return (
    <>
      <PageHeader title="Site Settings" />
      <SiteListStates
        sites={sites}
        loading={
          <Grid templateColumns={{ base: "1fr", lg: "280px 1fr" }} gap="6" aria-busy="true">
            <Skeleton height="40" borderRadius="xl" />
            <Skeleton height="96" borderRadius="xl" />
          </Grid>
        }
        empty={
          <NoSitesYet description="Your sites' settings will be here once your first site is created." />
        }
      >
        {(list) => {
          const selected = pickSite(list, selectedId);
          return (
            <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "280px minmax(0, 1fr)" }} gap="6">
              <SiteList sites={list} selectedId={selected?.id} onSelect={onSelect} />
              {selected ? (
                <Stack gap="6" minW="0">
                  <Suspense fallback={<Skeleton height="96" borderRadius="xl" />}>
                    <SiteSettingsForm
                      key={selected.id}
                      site={selected}
                      onDeleted={() => onSelect(undefined)}
                    />
                  </Suspense>
                  <LiveVersionCard site={selected} />
                  {selected.status === "live" ? <UptimeCard siteId={selected.id} /> : null}
                  <ContentSection key={`content-${selected.id}`} siteId={selected.id} />
                  <ReportsLink siteId={selected.id} />
                </Stack>
              ) : (
                <SelectASite />
              )}
            </Grid>
          );
        }}
      </SiteListStates>
    </>
  );
}

function SiteList({
  sites,
  selectedId,
  onSelect,
}: {
  sites: Site[];
  selectedId: string | undefined;
  onSelect: (siteId: string) => void;
}) {
  return (
    <Card.Root bg="bg" borderRadius="xl" alignSelf="flex-start">
      <Card.Header pb="2">
        <Card.Title as="h2" fontSize="md">
          Your Sites
        </Card.Title>
      </Card.Header>
      <Card.Body p="2" pt="0">
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Your sites">
          {sites.map((site) => {
            const badge = settingsStatusBadge(site.status);
            const active = site.id === selectedId;
            return (
              <li key={site.id}>
                <Button
                  variant="ghost"
                  w="full"
                  h="auto"
                  py="2.5"
                  px="3"
                  justifyContent="space-between"
                  gap="3"
                  bg={active ? "brand.subtle" : undefined}
                  color={active ? "brand.fg" : undefined}
                  aria-current={active ? "true" : undefined}
                  onClick={() => onSelect(site.id)}
                >
                  <Text truncate fontWeight="medium" textAlign="start">
                    {site.name}
                  </Text>
                  <Badge
                    colorPalette={badge.palette}
                    variant={badge.destructive ? "solid" : "subtle"}
                    flexShrink="0"
                  >
                    {badge.label}
                  </Badge>
                </Button>
              </li>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function SelectASite() {
  return (
    <Box>
      <EmptyState.Root borderWidth="1px" borderRadius="xl" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <MousePointerClick aria-hidden />
          </EmptyState.Indicator>
          <Flex direction="column" align="center" gap="1" textAlign="center">
            <EmptyState.Title as="h2">Select a Site</EmptyState.Title>
            <EmptyState.Description>
              Choose a site from the list to edit its settings.
            </EmptyState.Description>
          </Flex>
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}
