/**
 * The states every page that lists the customer's sites goes through (Manage Sites, Site
 * Settings, Website Analytics, the dashboard's My Sites): loading, the 'couldn't load' retry,
 * 'No Sites Yet', and the list itself. One place, so the pages cannot drift apart.
 */
import { Button, EmptyState, Flex } from "@chakra-ui/react";
import type { Site } from "@portal/core/contracts/sites";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Globe } from "lucide-react";
import type { ReactNode } from "react";
import { ListStates, LoadFailed } from "../ui/query-states";
import { sitesQuery } from "./queries";

/** The customer's sites (GET /api/sites), shared through the query cache. */
export function useSites(): UseQueryResult<Site[]> {
  return useQuery(sitesQuery());
}

export interface SiteListStatesProps {
  sites: UseQueryResult<Site[]>;
  /** Skeleton shaped like the page's own layout. */
  loading: ReactNode;
  /** Shown when the customer has no sites. */
  empty: ReactNode;
  children: (sites: Site[]) => ReactNode;
  /** Called once, after the first commit that shows the answer (ListStates). */
  onShown?: () => void;
}

/** Renders the state of the sites query; `children` only ever sees a non-empty list. */
export function SiteListStates({ sites, loading, empty, children, onShown }: SiteListStatesProps) {
  return (
    <ListStates
      query={sites}
      onShown={onShown}
      select={(list) => list}
      loading={loading}
      failed={<LoadFailed title="We couldn't load your sites." retry={sites.refetch} />}
      empty={empty}
    >
      {children}
    </ListStates>
  );
}

/** 'No Sites Yet' with the page's own reason and the way to a first site. */
export function NoSitesYet({ description }: { description: string }) {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="xl" bg="bg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Globe aria-hidden />
        </EmptyState.Indicator>
        <Flex direction="column" align="center" gap="1" textAlign="center">
          <EmptyState.Title as="h2">No Sites Yet</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </Flex>
        <Button asChild colorPalette="brand">
          <Link to="/questionnaire">Create Your First Site</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
