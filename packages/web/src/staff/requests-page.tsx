/**
 * New requests: every submitted questionnaire, newest first, with the customer, their plan,
 * the site it requested, and every answer one click away (docs/console.md).
 */

import { Badge, Button, Collapsible, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { StaffRequest } from "@portal/core/contracts/staff";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronDown } from "lucide-react";
import { ChangeRequests } from "../review/change-requests";
import { PageHeader } from "../shell/app-shell";
import { formatDateTime } from "../tickets/ticket-badges";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { allItems, LoadMore, pageItems, SiteStatusBadge } from "./console-ui";
import { customerName, formatAge } from "./format";
import { PLAN_LABELS } from "./plan-labels";
import { requestsQuery } from "./queries";
import { QuestionnaireAnswers } from "./questionnaire-answers";

export function RequestsPage() {
  const query = useInfiniteQuery(requestsQuery());
  const items = allItems(query);
  return (
    <Stack gap="4" maxW="5xl">
      <PageHeader title="New Requests" />
      <ChangeRequests />
      <ListStates
        query={query}
        select={pageItems}
        loading={<LoadingSpinner label="Loading requests" py="12" />}
        failed={<LoadFailed title="We couldn't load the requests." retry={query.refetch} />}
        empty={<EmptyCard text={"No questionnaires yet."} />}
      >
        {() => (
          <>
            <Stack as="ol" gap="3" listStyleType="none" aria-label="Requests">
              {items.map((request) => (
                <li key={request.questionnaire.id}>
                  <RequestCard request={request} />
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

function RequestCard({ request }: { request: StaffRequest }) {
  const { questionnaire, customer, site } = request;
  return (
    <Collapsible.Root>
      <Stack
        as="article"
        gap="3"
        bg="bg"
        borderWidth="1px"
        borderRadius="xl"
        p={{ base: "4", md: "5" }}
      >
        <Flex
          gap="3"
          justify="space-between"
          align={{ base: "flex-start", md: "center" }}
          direction={{ base: "column", md: "row" }}
        >
          <Stack gap="1" minW="0">
            <Text as="h2" fontWeight="bold" fontSize="lg">
              {questionnaire.businessName}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {customerName(customer)}
              {customer && customerName(customer) !== customer.email ? ` · ${customer.email}` : ""}
            </Text>
            <HStack gap="2" flexWrap="wrap">
              {customer?.subscriptionPlan ? (
                <Badge variant="outline">{PLAN_LABELS[customer.subscriptionPlan]} plan</Badge>
              ) : null}
              {site ? (
                <SiteStatusBadge status={site.status} />
              ) : (
                <Badge variant="subtle">No site</Badge>
              )}
              <Text fontSize="xs" color="fg.muted">
                Submitted{" "}
                <time
                  dateTime={questionnaire.createdAt}
                  title={formatDateTime(questionnaire.createdAt)}
                >
                  {formatAge(questionnaire.createdAt)}
                </time>
              </Text>
            </HStack>
          </Stack>
          <HStack gap="2" flexShrink="0">
            <Collapsible.Trigger asChild>
              <Button size="sm" variant="outline">
                Answers <ChevronDown aria-hidden size={16} />
              </Button>
            </Collapsible.Trigger>
            {customer ? (
              <Button asChild size="sm" colorPalette="brand">
                <Link to="/staff/customers/$userId" params={{ userId: customer.id }}>
                  Open customer
                </Link>
              </Button>
            ) : null}
          </HStack>
        </Flex>
        <Collapsible.Content>
          <QuestionnaireAnswers questionnaire={questionnaire} />
        </Collapsible.Content>
      </Stack>
    </Collapsible.Root>
  );
}
