/**
 * The Team card on /settings (docs/team.md): who works on the account, and the way to
 * Settings → Team, where an owner invites and a member sees the list and may leave.
 */
import { Button, Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { useMayDo } from "../access/role";

export function TeamSection() {
  const owner = useMayDo("owner");
  return (
    <Card.Root mb="6" data-testid="team-section">
      <Card.Body>
        <Flex
          justify="space-between"
          align={{ base: "flex-start", sm: "center" }}
          gap="4"
          direction={{ base: "column", sm: "row" }}
        >
          <Stack gap="1">
            <Heading size="md">Team</Heading>
            <Text fontSize="sm" color="fg.muted">
              {owner
                ? "Invite the people who work on your website, each with a role."
                : "See who works on this account, or leave it."}
            </Text>
          </Stack>
          <Button asChild variant="outline" size="sm" flexShrink="0">
            <Link to="/settings/team">
              <Users aria-hidden />
              {owner ? "Manage team" : "View team"}
            </Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
