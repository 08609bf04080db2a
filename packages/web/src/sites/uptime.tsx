/**
 * Uptime and certificate monitoring of a live site (docs/monitoring.md): the one-line summary
 * on the dashboard's site row and the card with a 30-day bar chart on Site Settings. The chart
 * is plain boxes: one bar per day, its height the day's uptime, red when the day had failures.
 */
import { Badge, Box, Card, Flex, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { SiteUptime } from "@portal/core/contracts/monitoring";
import { useQuery } from "@tanstack/react-query";
import { siteUptimeQuery } from "./queries";

function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric" });
}

function shortDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

export function uptimeText(uptime: SiteUptime): string {
  return uptime.uptime30d === null ? "Not checked yet" : `${uptime.uptime30d}% uptime (30 days)`;
}

function certPalette(daysLeft: number) {
  if (daysLeft <= 14) return "red";
  if (daysLeft <= 30) return "orange";
  return "green";
}

export function certificateText(daysLeft: number): string {
  if (daysLeft < 0) return "Certificate expired";
  if (daysLeft === 0) return "Certificate expires today";
  return `Certificate expires in ${daysLeft} day${daysLeft === 1 ? "" : "s"}`;
}

function incidentText(uptime: SiteUptime): string | null {
  if (uptime.openIncident) return `Down since ${shortDateTime(uptime.openIncident.startedAt)}`;
  if (uptime.lastIncident) return `Last incident ${shortDate(uptime.lastIncident.startedAt)}`;
  return uptime.uptime30d === null ? null : "No incidents";
}

/**
 * The dashboard row's line: uptime, last incident, days to certificate expiry. Read once `load`
 * (the row on screen, dashboard/my-sites.tsx); until then what the cache has, else a skeleton
 * of the line's height.
 */
export function UptimeLine({ siteId, load }: { siteId: string; load: boolean }) {
  const { data, isPending, isError } = useQuery({ ...siteUptimeQuery(siteId), enabled: load });
  if (isPending) return <Skeleton height="4" width="48" />;
  if (isError || !data.monitored) return null;
  const incident = incidentText(data);
  return (
    <HStack gap="3" fontSize="xs" wrap="wrap" aria-label="Uptime">
      <Text color={data.openIncident ? "red.fg" : "fg.muted"} fontWeight="medium">
        {data.openIncident ? "Down" : uptimeText(data)}
      </Text>
      {incident ? <Text color="fg.muted">{incident}</Text> : null}
      {data.certificate ? (
        <Text color={`${certPalette(data.certificate.daysLeft)}.fg`}>
          {certificateText(data.certificate.daysLeft)}
        </Text>
      ) : null}
    </HStack>
  );
}

function UptimeChart({ days }: { days: SiteUptime["days"] }) {
  const checked = days.filter((d) => d.checks > 0).length;
  return (
    <Box>
      <Flex
        role="img"
        aria-label={`Daily uptime over the last 30 days; ${checked} of 30 days checked`}
        align="flex-end"
        gap="1"
        h="16"
      >
        {days.map((d) => (
          <Box
            key={d.day}
            flex="1"
            minH="1"
            h={d.uptime === null ? "1" : `${Math.max(8, d.uptime)}%`}
            bg={d.uptime === null ? "bg.emphasized" : d.failures > 0 ? "red.solid" : "green.solid"}
            borderRadius="sm"
            title={
              d.uptime === null
                ? `${d.day}: not checked`
                : `${d.day}: ${d.uptime}% (${d.failures} of ${d.checks} checks failed)`
            }
          />
        ))}
      </Flex>
      <Flex justify="space-between" fontSize="xs" color="fg.muted" mt="1">
        <Text>30 days ago</Text>
        <Text>Today</Text>
      </Flex>
    </Box>
  );
}

/** Site Settings' monitoring card. */
export function UptimeCard({ siteId }: { siteId: string }) {
  const { data, isPending, isError } = useQuery(siteUptimeQuery(siteId));
  return (
    <Card.Root bg="bg" borderRadius="xl" minW="0">
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          Uptime &amp; Certificate
        </Card.Title>
        <Card.Description>
          We check your live site every 5 minutes and e-mail you when it is down twice in a row or
          its certificate is about to expire.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {isPending ? (
          <Skeleton height="24" />
        ) : isError ? (
          <Text color="fg.error">The uptime history could not be loaded.</Text>
        ) : !data.monitored ? (
          <Text color="fg.muted">Monitoring starts when the site is live.</Text>
        ) : (
          <Stack gap="4">
            <Flex gap="6" wrap="wrap">
              <Stack gap="0">
                <Text fontSize="xs" color="fg.muted">
                  30-day uptime
                </Text>
                <Text fontSize="xl" fontWeight="semibold">
                  {data.uptime30d === null ? "—" : `${data.uptime30d}%`}
                </Text>
              </Stack>
              <Stack gap="0">
                <Text fontSize="xs" color="fg.muted">
                  Last check
                </Text>
                <Text fontWeight="medium">
                  {data.lastCheck
                    ? data.lastCheck.ok
                      ? `Up · ${data.lastCheck.status} in ${data.lastCheck.responseMs} ms`
                      : `Failed · ${data.lastCheck.error ?? "no answer"}`
                    : "Not checked yet"}
                </Text>
              </Stack>
              <Stack gap="0">
                <Text fontSize="xs" color="fg.muted">
                  Certificate
                </Text>
                {data.certificate ? (
                  <Badge colorPalette={certPalette(data.certificate.daysLeft)} alignSelf="start">
                    {certificateText(data.certificate.daysLeft)}
                  </Badge>
                ) : (
                  <Text color="fg.muted">No HTTPS certificate seen</Text>
                )}
              </Stack>
            </Flex>
            <UptimeChart days={data.days} />
            <Text fontSize="sm" color={data.openIncident ? "red.fg" : "fg.muted"}>
              {data.openIncident
                ? `Down since ${shortDateTime(data.openIncident.startedAt)}: ${data.openIncident.reason}. Our team has been alerted.`
                : data.lastIncident
                  ? `Last incident: ${shortDateTime(data.lastIncident.startedAt)}${data.lastIncident.endedAt ? ` to ${shortDateTime(data.lastIncident.endedAt)}` : ""} (${data.lastIncident.reason}).`
                  : "No incidents recorded."}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
