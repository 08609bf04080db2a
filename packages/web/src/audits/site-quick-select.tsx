/** 'Quick Select (Your Sites)': one click puts a site's address in the URL box. */
import { Button, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Globe } from "lucide-react";
import { sitesQuery } from "../sites/queries";
import { quickSelectUrl } from "./display";

/** A site picked from the list: the URL it fills in, and the site it belongs to. */
export type SiteChoice = { url: string; siteId: string };

export function SiteQuickSelect({ onSelect }: { onSelect: (choice: SiteChoice) => void }) {
  const sites = useQuery(sitesQuery());
  const choices = (sites.data ?? []).flatMap((site) => {
    const url = quickSelectUrl(site);
    return url ? [{ site, url }] : [];
  });
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm">
        Quick Select (Your Sites)
      </Text>
      {sites.isPending ? (
        <Skeleton height="10" />
      ) : choices.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {sites.isError
            ? "Your sites could not be loaded."
            : "Your sites will appear here once they have an address."}
        </Text>
      ) : (
        choices.map(({ site, url }) => (
          <Button
            key={site.id}
            variant="outline"
            size="sm"
            justifyContent="flex-start"
            h="auto"
            py="2"
            onClick={() => onSelect({ url, siteId: site.id })}
          >
            <Globe size={16} aria-hidden />
            <Stack gap="0" align="flex-start" minW="0" textAlign="start">
              <Text fontWeight="medium" truncate maxW="full">
                {site.name}
              </Text>
              <Text fontSize="xs" color="fg.muted" truncate maxW="full">
                {url}
              </Text>
            </Stack>
          </Button>
        ))
      )}
    </Stack>
  );
}
