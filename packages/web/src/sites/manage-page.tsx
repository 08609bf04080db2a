/**
 * Manage Sites (/manage, spec part 1 §2.11): Refresh All Previews, the 'No Sites Yet' empty
 * state, and a grid of site cards. A 401 takes the shared 'Unauthorized' path (router.tsx).
 */
import { Button, EmptyState, Flex, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Globe, RefreshCw } from "lucide-react";
import { PageHeader } from "../shell/app-shell";
import { sitesQuery } from "./queries";
import { SiteCard } from "./site-card";
import { useRefreshPreviews } from "./use-refresh-previews";

export function ManageSitesPage() {
  const sites = useQuery(sitesQuery());
  const previews = useRefreshPreviews();

  return (
    <>
      <PageHeader title="Manage Sites">
        <Button
          variant="outline"
          onClick={previews.refreshAll}
          loading={previews.refreshingAll}
          loadingText="Refreshing Previews..."
          disabled={!sites.isSuccess}
        >
          <RefreshCw aria-hidden />
          Refresh All Previews
        </Button>
      </PageHeader>

      {sites.isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6" aria-busy="true">
          <Skeleton height="96" borderRadius="xl" />
          <Skeleton height="96" borderRadius="xl" />
          <Skeleton height="96" borderRadius="xl" />
        </SimpleGrid>
      ) : sites.isError ? (
        <Stack gap="3" align="flex-start" role="alert">
          <Text color="fg.muted">We couldn't load your sites.</Text>
          <Button size="sm" variant="outline" onClick={() => void sites.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : sites.data.length === 0 ? (
        <NoSitesYet />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6">
          {sites.data.map((site) => (
            <SiteCard
              key={site.id}
              site={site}
              refreshing={previews.pendingIds.has(site.id)}
              onRefresh={() => previews.refreshOne(site)}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

function NoSitesYet() {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="xl" bg="bg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Globe aria-hidden />
        </EmptyState.Indicator>
        <Flex direction="column" align="center" gap="1" textAlign="center">
          <EmptyState.Title as="h2">No Sites Yet</EmptyState.Title>
          <EmptyState.Description>
            Complete the website questionnaire and our team will start building your site.
          </EmptyState.Description>
        </Flex>
        <Button asChild colorPalette="brand">
          <Link to="/questionnaire">Create Your First Site</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
