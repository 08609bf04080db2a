import { Alert, Button } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { formatLongDate } from "../ui/format";

/**
 * After the end: the sites are offline and will be deleted unless the customer subscribes
 * again (docs/billing.md "When a subscription ends"). The dashboard shows the same notice.
 */
export function SitesSuspendedNotice({
  deleteAfter,
  owner = true,
}: {
  deleteAfter: string;
  /** Subscribing is the owner's (docs/team.md, "Roles"): a member is told whom to ask. */
  owner?: boolean;
}) {
  return (
    <Alert.Root status="error" borderRadius="lg" alignItems={{ base: "flex-start", sm: "center" }}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your websites are offline</Alert.Title>
        <Alert.Description>
          Your subscription has ended. Your websites will be deleted on{" "}
          {formatLongDate(deleteAfter)}, with their screenshots, analytics and custom domains.
          {owner
            ? "Subscribe again before then and they come back as they were."
            : "If an owner of the account subscribes again before then, they come back as they were."}
        </Alert.Description>
      </Alert.Content>
      {owner ? (
        <Button asChild size="sm" colorPalette="red" flexShrink="0">
          <Link to="/pricing">Subscribe Again</Link>
        </Button>
      ) : null}
    </Alert.Root>
  );
}
