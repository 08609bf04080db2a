/** Customers: search by the start of an email or a name; each row opens the customer's page. */

import { Badge, Flex, HStack, Input, InputGroup, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { PageHeader } from "../shell/app-shell";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { allItems, LoadMore, pageItems, SubscriptionBadge } from "./console-ui";
import { customerName, formatAge } from "./format";
import { PLAN_LABELS } from "./plan-labels";
import { customersQuery } from "./queries";

/** Typing settles this long before the URL (and the search) follows. */
const SEARCH_DELAY_MS = 300;

export function CustomersPage({
  query: q,
  onQueryChange,
}: {
  query: string;
  onQueryChange: (next: string) => void;
}) {
  const [draft, setDraft] = useState(q);
  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = window.setTimeout(() => onQueryChange(draft.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q, onQueryChange]);

  const query = useInfiniteQuery(customersQuery(q));
  const items = allItems(query);
  return (
    <Stack gap="4" maxW="5xl">
      <PageHeader title="Customers" />
      <InputGroup startElement={<Search size={16} aria-hidden />} maxW="md">
        <Input
          type="search"
          aria-label="Search customers"
          placeholder="Email or name"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          bg="bg"
        />
      </InputGroup>
      <ListStates
        query={query}
        select={pageItems}
        loading={<LoadingSpinner label="Loading customers" py="12" />}
        failed={<LoadFailed title="We couldn't load the customers." retry={query.refetch} />}
        empty={
          <EmptyCard
            text={q ? `No customer's email or name starts with "${q}".` : "No customers yet."}
          />
        }
      >
        {() => (
          <>
            <Stack as="ul" gap="2" listStyleType="none" aria-label="Customers">
              {items.map((customer) => (
                <li key={customer.id}>
                  <Link to="/staff/customers/$userId" params={{ userId: customer.id }}>
                    <Flex
                      gap="3"
                      bg="bg"
                      borderWidth="1px"
                      borderRadius="lg"
                      p="4"
                      justify="space-between"
                      align={{ base: "stretch", sm: "center" }}
                      direction={{ base: "column", sm: "row" }}
                      _hover={{ borderColor: "brand.emphasized" }}
                    >
                      <Stack gap="0" minW="0">
                        <Text fontWeight="semibold" truncate>
                          {customerName(customer)}
                        </Text>
                        <Text fontSize="sm" color="fg.muted" truncate>
                          {customer.email}
                        </Text>
                      </Stack>
                      <HStack gap="2" flexWrap="wrap" flexShrink="0">
                        {customer.subscriptionPlan ? (
                          <Badge variant="outline">{PLAN_LABELS[customer.subscriptionPlan]}</Badge>
                        ) : null}
                        <SubscriptionBadge customer={customer} />
                        {customer.ownerlessSince ? (
                          <Badge colorPalette="red" variant="solid">
                            No owner
                          </Badge>
                        ) : null}
                        <Text fontSize="xs" color="fg.muted">
                          joined {formatAge(customer.createdAt)}
                        </Text>
                      </HStack>
                    </Flex>
                  </Link>
                </li>
              ))}
            </Stack>
            <LoadMore query={query} />
          </>
        )}
      </ListStates>
    </Stack>
  );
}
