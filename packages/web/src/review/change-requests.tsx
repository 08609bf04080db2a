/**
 * The console's change requests (docs/console.md): every customer's review round sent back with
 * a list of changes, oldest first, until the team posts the next version.
 */

import { Box, Button, Flex, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { AttachmentList } from "../content/attachments";
import { allItems, LoadMore, pageItems } from "../staff/console-ui";
import { formatDateTime } from "../tickets/ticket-badges";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { reviewRequestsQuery, staffFileLink } from "./queries";

export function ChangeRequests() {
  const query = useInfiniteQuery(reviewRequestsQuery());
  const items = allItems(query);
  return (
    <Stack gap="3" as="section" aria-label="Change requests">
      <Text as="h2" fontWeight="bold" fontSize="lg">
        Change requests ({items.length})
      </Text>
      <ListStates
        query={query}
        select={pageItems}
        loading={<LoadingSpinner label="Loading change requests" py="12" />}
        failed={<LoadFailed title="We couldn't load the change requests." retry={query.refetch} />}
        empty={<EmptyCard text={"No customer is waiting for changes."} />}
      >
        {() => (
          <>
            <Stack as="ol" gap="3" listStyleType="none">
              {items.map((request) => (
                <Stack
                  as="li"
                  key={`${request.siteId}-${request.round}`}
                  gap="2"
                  bg="bg"
                  borderWidth="1px"
                  borderRadius="xl"
                  p={{ base: "4", md: "5" }}
                >
                  <Flex gap="2" justify="space-between" align="flex-start" flexWrap="wrap">
                    <Stack gap="0" minW="0">
                      <Text fontWeight="bold">
                        {request.siteName ?? "Deleted site"} · version {request.round}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {request.customerName ?? request.customerEmail ?? request.userId}
                        {request.respondedAt ? ` · ${formatDateTime(request.respondedAt)}` : ""}
                      </Text>
                    </Stack>
                    <Button asChild size="sm" colorPalette="brand">
                      <Link to="/staff/customers/$userId" params={{ userId: request.userId }}>
                        Open customer
                      </Link>
                    </Button>
                  </Flex>
                  <Stack as="ol" ps="5" gap="1" listStyleType="decimal">
                    {request.changes.map((change, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the customer's order is the identity
                      <Box as="li" key={index}>
                        <Text whiteSpace="pre-wrap">{change.text}</Text>
                        <AttachmentList
                          attachments={change.attachments}
                          link={staffFileLink(request.userId)}
                        />
                      </Box>
                    ))}
                  </Stack>
                </Stack>
              ))}
            </Stack>
            <LoadMore query={query} />
          </>
        )}
      </ListStates>
    </Stack>
  );
}
