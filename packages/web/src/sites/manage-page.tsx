/**
 * Manage Sites (/manage, docs/sites.md, "Manage Sites"): Refresh All Previews, the 'No Sites Yet'
 * empty state, and a grid of site cards. A 401 takes the shared 'Unauthorized' path (router.tsx).
 */
import { Button, SimpleGrid, Skeleton } from "@chakra-ui/react";
import { RefreshCw } from "lucide-react";
import { PageHeader } from "../shell/app-shell";
import { SiteCard } from "./site-card";
import { NoSitesYet, SiteListStates, useSites } from "./site-list-states";
import { useRefreshPreviews } from "./use-refresh-previews";

export function ManageSitesPage() {
  const sites = useSites();
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

      <SiteListStates
        sites={sites}
        loading={
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6" aria-busy="true">
            <Skeleton height="96" borderRadius="xl" />
            <Skeleton height="96" borderRadius="xl" />
            <Skeleton height="96" borderRadius="xl" />
          </SimpleGrid>
        }
        empty={
          <NoSitesYet description="Complete the website questionnaire and our team will start building your site." />
        }
      >
        {(list) => (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6">
            {list.map((site) => (
              <SiteCard
                key={site.id}
                site={site}
                refreshing={previews.pendingIds.has(site.id)}
                onRefresh={() => previews.refreshOne(site)}
              />
            ))}
          </SimpleGrid>
        )}
      </SiteListStates>
    </>
  );
}
