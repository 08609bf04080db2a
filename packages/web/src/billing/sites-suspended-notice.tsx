import { Alert, Button } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { formatLongDate } from "../ui/format";

/**
 * After the end: the sites are offline and will be deleted unless the customer subscribes
 * again (docs/billing.md "When a subscription ends"). The dashboard shows the same notice.
 */
export function SitesSuspendedNotice({ deleteAfter }: { deleteAfter: string }) {
  return (
    <Alert.Root status="error" borderRadius="lg" alignItems={{ base: "flex-start", sm: "center" }}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your websites are offline</Alert.Title>
        <Alert.Description>
          Your subscription has ended. Your websites will be deleted on{" "}
          {formatLongDate(deleteAfter)}, with their screenshots, analytics and custom domains.
          Subscribe again before then and they come back as they were.
        </Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette="red" flexShrink="0">
        <Link to="/pricing">Subscribe Again</Link>
      </Button>
    </Alert.Root>
  );
}
