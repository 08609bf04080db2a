/**
 * Billing's "Cancel your subscription?" confirmation (docs/billing.md, "The Billing page"),
 * loaded when Cancel Subscription is first pressed (subscription-card.tsx).
 */
import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";

export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  planName,
  end,
  afterEnd,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planName: string;
  /** The period's end, as shown. */
  end: string;
  /** What happens to the sites after it. */
  afterEnd: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Cancel your subscription?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  Your {planName} plan stays active until {end}. {afterEnd}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  You can reactivate any time before then.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Keep Subscription</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={pending} onClick={onConfirm}>
                Cancel Subscription
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
