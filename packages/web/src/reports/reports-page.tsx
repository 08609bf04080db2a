/** /sites/{id}/reports: the months of a site's monthly care report, newest first. */
import { Badge, Card, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { longMonth } from "@portal/core/long-date";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatLongDate } from "../ui/format";
import { ListStates, LoadFailed, SkeletonRows } from "../ui/query-states";
import { reportMonthsQuery } from "./queries";

export function ReportsPage({ siteId }: { siteId: string }) {
  const months = useQuery(reportMonthsQuery(siteId));
  return (
    <Stack gap="5" maxW="3xl">
      <Stack gap="1">
        <Heading size="2xl">Monthly reports</Heading>
        <Text color="fg.muted">
          Each month: uptime, visitors, speed, SEO and what our team did for your website.
        </Text>
      </Stack>
      <ListStates
        query={months}
        select={(data) => data.months}
        loading={<SkeletonRows height="16" />}
        failed={
          <LoadFailed
            title="We couldn't load the reports of this website."
            retry={months.refetch}
          />
        }
        empty={<Text color="fg.muted">No report yet: the first one covers this month.</Text>}
      >
        {(items) => (
          <Stack gap="3" as="ul" listStyleType="none">
            {items.map((item, index) => (
              <Card.Root key={item.month} as="li" size="sm">
                <Card.Body>
                  <HStack justify="space-between" gap="3" wrap="wrap">
                    <Link
                      to="/sites/$siteId/reports/$month"
                      params={{ siteId, month: item.month }}
                      style={{ fontWeight: 600 }}
                    >
                      {longMonth(item.month)}
                    </Link>
                    <HStack gap="2">
                      {index === 0 && !item.sentAt ? <Badge>In progress</Badge> : null}
                      {item.sentAt ? (
                        <Badge colorPalette="green">Sent {formatLongDate(item.sentAt)}</Badge>
                      ) : null}
                    </HStack>
                  </HStack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </ListStates>
    </Stack>
  );
}
