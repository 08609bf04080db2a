/** Recent Activity: the newest 5 activities, each with its icon, description and date. */
import { Box, Card, Center, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Activity, FilePlus2, type LucideIcon, MessageSquarePlus, Rocket } from "lucide-react";
import { formatLongDate } from "../ui/format";
import { DashboardListStates } from "./list-states";
import { activitiesQuery } from "./queries";

/** The three types with their own icon (docs/pages.md, "Dashboard"); anything else is neutral. */
const ICONS: Record<string, { icon: LucideIcon; palette: string }> = {
  site_deployed: { icon: Rocket, palette: "green" },
  ticket_created: { icon: MessageSquarePlus, palette: "blue" },
  site_requested: { icon: FilePlus2, palette: "brand" },
};
const OTHER = { icon: Activity, palette: "gray" };

export function RecentActivity() {
  const activities = useQuery(activitiesQuery());
  return (
    <Card.Root bg="bg" borderRadius="xl" size={{ base: "sm", md: "md" }}>
      <Card.Header>
        <Card.Title as="h2">Recent Activity</Card.Title>
      </Card.Header>
      <Card.Body pt="4">
        <DashboardListStates
          query={activities}
          errorText="We couldn't load your recent activity."
          emptyText="No recent activity"
        >
          {(items) => (
            <Stack as="ul" gap="4" listStyleType="none" aria-label="Recent activity">
              {items.map((activity) => {
                const { icon: Icon, palette } = ICONS[activity.type] ?? OTHER;
                return (
                  <HStack as="li" key={activity.id} gap="3" align="flex-start">
                    <Center
                      boxSize="8"
                      borderRadius="full"
                      bg={`${palette}.subtle`}
                      color={`${palette}.fg`}
                      flexShrink="0"
                      aria-hidden
                    >
                      <Icon size={16} />
                    </Center>
                    <Box minW="0">
                      <Text fontSize="sm">{activity.description}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatLongDate(activity.createdAt)}
                        {/* Who of the account did it (docs/team.md, "Who did it"). */}
                        {activity.actor ? ` · ${activity.actor.name}` : ""}
                      </Text>
                    </Box>
                  </HStack>
                );
              })}
            </Stack>
          )}
        </DashboardListStates>
      </Card.Body>
    </Card.Root>
  );
}
