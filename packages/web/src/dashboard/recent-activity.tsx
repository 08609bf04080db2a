/** Recent Activity: the newest 5 activities, each with its icon, description and date. */
import { Box, Card, Center, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Activity, FilePlus2, type LucideIcon, MessageSquarePlus, Rocket } from "lucide-react";
import { activitiesQuery } from "./queries";
import { DASHBOARD_LIST_SIZE, formatLongDate } from "./site-display";

/** The three types the spec draws; anything else gets a neutral icon. */
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
        {activities.isPending ? (
          <Stack gap="3">
            <Skeleton height="10" />
            <Skeleton height="10" />
          </Stack>
        ) : activities.isError ? (
          <Text color="fg.muted" fontSize="sm" role="alert">
            We couldn't load your recent activity.
          </Text>
        ) : activities.data.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No recent activity
          </Text>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" aria-label="Recent activity">
            {activities.data.slice(0, DASHBOARD_LIST_SIZE).map((activity) => {
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
                    </Text>
                  </Box>
                </HStack>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
