/**
 * The audit log (docs/console.md): every staff action, newest first, with who, what, which
 * record, before and after. Read-only: nothing in the console edits it.
 */

import {
  Badge,
  Box,
  Button,
  Code,
  Flex,
  HStack,
  NativeSelect,
  Stack,
  Text,
} from "@chakra-ui/react";
import type { AuditEntry } from "@portal/core/contracts/staff";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "../shell/app-shell";
import { formatDateTime } from "../tickets/ticket-badges";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { allItems, LoadMore, pageItems } from "./console-ui";
import { type AUDIT_TARGET_TYPES, type AuditFilters, auditFilters, auditLogQuery } from "./queries";

const TARGET_TYPES: Record<(typeof AUDIT_TARGET_TYPES)[number], string> = {
  site: "Sites",
  ticket: "Tickets",
  upsell: "Upgrades",
  apiKey: "API keys",
  file: "Files",
  member: "Team members",
  invitation: "Invitations",
  account: "Accounts",
};

/** A moment as the API stores it (ISO 8601, UTC); shown like the entry's own time. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function describe(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (typeof value !== "string") return JSON.stringify(value);
  return TIMESTAMP.test(value) ? formatDateTime(value) : value;
}

function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  if (keys.length === 0) return null;
  return (
    <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
      {keys.map((key) => (
        <Box as="li" key={key} overflowWrap="anywhere">
          <Code size="sm">{key}</Code> {describe(entry.before?.[key])} →{" "}
          {describe(entry.after?.[key])}
        </Box>
      ))}
    </Stack>
  );
}

export function AuditLogPage({
  filters: raw,
  onFiltersChange,
}: {
  filters: AuditFilters;
  onFiltersChange: (next: AuditFilters) => void;
}) {
  const filters = auditFilters(raw);
  const query = useInfiniteQuery(auditLogQuery(filters));
  const items = allItems(query);
  return (
    <Stack gap="4" maxW="5xl">
      <PageHeader title="Audit Log" />
      <Flex gap="2" flexWrap="wrap" align="center">
        <NativeSelect.Root size="sm" maxW="52">
          <NativeSelect.Field
            aria-label="Record type"
            value={filters.targetType ?? ""}
            onChange={(event) =>
              onFiltersChange({ ...filters, targetType: event.target.value || undefined })
            }
            bg="bg"
          >
            <option value="">All records</option>
            {Object.entries(TARGET_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {filters.customerId || filters.actorId ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onFiltersChange({ targetType: filters.targetType })}
          >
            Show every customer and team member
          </Button>
        ) : null}
      </Flex>
      <ListStates
        query={query}
        select={pageItems}
        loading={<LoadingSpinner label="Loading audit log" py="12" />}
        failed={<LoadFailed title="We couldn't load the audit log." retry={query.refetch} />}
        empty={<EmptyCard text={"No staff actions recorded yet."} />}
      >
        {() => (
          <>
            <Stack as="ol" gap="2" listStyleType="none" aria-label="Audit log">
              {items.map((entry) => (
                <Stack
                  as="li"
                  key={entry.id}
                  gap="2"
                  bg="bg"
                  borderWidth="1px"
                  borderRadius="lg"
                  p="4"
                >
                  <Flex gap="2" justify="space-between" flexWrap="wrap" align="center">
                    <HStack gap="2" flexWrap="wrap">
                      <Badge variant="surface">{entry.action}</Badge>
                      <Text fontSize="sm">
                        by{" "}
                        <Button
                          variant="plain"
                          size="sm"
                          p="0"
                          h="auto"
                          textDecoration="underline"
                          onClick={() => onFiltersChange({ ...filters, actorId: entry.actorId })}
                        >
                          {entry.actorName}
                        </Button>{" "}
                        on{" "}
                        <Link to="/staff/customers/$userId" params={{ userId: entry.customerId }}>
                          <Text as="span" textDecoration="underline">
                            this customer's{" "}
                            {entry.targetType === "apiKey" ? "API key" : entry.targetType}
                          </Text>
                        </Link>
                      </Text>
                    </HStack>
                    <Text fontSize="xs" color="fg.muted">
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </Text>
                  </Flex>
                  <Changes entry={entry} />
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
