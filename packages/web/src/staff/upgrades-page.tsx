/** Bought SEO upgrades with their site and age; the team marks each started, then done. */

import { Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "../shell/app-shell";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { allItems, LoadMore, pageItems } from "./console-ui";
import { formatAge } from "./format";
import { upsellsQuery } from "./queries";
import { UpsellWorkButtons, WorkStatusBadge } from "./upsell-work";

export function UpgradesPage() {
  const query = useInfiniteQuery(upsellsQuery());
  const items = allItems(query);
  return (
    <Stack gap="4" maxW="5xl">
      <PageHeader title="SEO Upgrades" />
      <ListStates
        query={query}
        select={pageItems}
        loading={<LoadingSpinner label="Loading upgrades" py="12" />}
        failed={<LoadFailed title="We couldn't load the upgrades." retry={query.refetch} />}
        empty={<EmptyCard text={"No upgrades bought yet."} />}
      >
        {() => (
          <>
            <Stack as="ul" gap="2" listStyleType="none" aria-label="Upgrades">
              {items.map((upsell) => (
                <Flex
                  as="li"
                  key={`${upsell.userId}/${upsell.id}`}
                  bg="bg"
                  borderWidth="1px"
                  borderRadius="lg"
                  p="4"
                  gap="3"
                  justify="space-between"
                  align={{ base: "flex-start", md: "center" }}
                  direction={{ base: "column", md: "row" }}
                >
                  <Stack gap="0" minW="0">
                    <Text fontWeight="semibold">
                      {upsell.title}
                      {upsell.siteName ? ` · ${upsell.siteName}` : ""}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      <Link to="/staff/customers/$userId" params={{ userId: upsell.userId }}>
                        <Text as="span" textDecoration="underline">
                          {upsell.customerEmail ?? upsell.userId}
                        </Text>
                      </Link>{" "}
                      · ${upsell.price} · bought {formatAge(upsell.purchasedAt)}
                    </Text>
                  </Stack>
                  <HStack gap="2" flexShrink="0">
                    <WorkStatusBadge upsell={upsell} />
                    <UpsellWorkButtons upsell={upsell} />
                  </HStack>
                </Flex>
              ))}
            </Stack>
            <LoadMore query={query} />
          </>
        )}
      </ListStates>
    </Stack>
  );
}
