/**
 * One endpoint's delivery log, newest first: each attempt's event, status, duration and the
 * start of the answer, with Redeliver (the same message, same webhook-id, signed again).
 */
import { Badge, Box, Button, Code, Flex, Stack, Text } from "@chakra-ui/react";
import type { Webhook, WebhookDelivery } from "@portal/core/contracts/developer";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { ApiError } from "../api/api-error";
import { longDateTime } from "../audits/display";
import { ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { deliveriesQuery, redeliver } from "./queries";

export function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const log = useQuery(deliveriesQuery(webhook.id));
  return (
    <ListStates
      query={log}
      select={(data) => data}
      loading={<LoadingSpinner label="Loading deliveries" py="4" />}
      failed={<LoadFailed title="We couldn't load the delivery log." retry={log.refetch} />}
      empty={
        <Text color="fg.muted">No deliveries yet. Send a test event to try the endpoint.</Text>
      }
    >
      {(deliveries) => (
        <Stack gap="2" data-testid="delivery-log">
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} webhook={webhook} delivery={delivery} />
          ))}
        </Stack>
      )}
    </ListStates>
  );
}

function DeliveryRow({ webhook, delivery }: { webhook: Webhook; delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const again = useMutation({
    mutationFn: () => redeliver(webhook.id, delivery.id),
    onSuccess: () => {
      toast({ title: "Redelivery queued", description: delivery.eventType });
      void queryClient.invalidateQueries({ queryKey: deliveriesQuery(webhook.id).queryKey });
    },
    onError: (error) =>
      toast({
        title: "Not redelivered",
        description: ApiError.from(error)?.detail ?? "Please try again.",
        variant: "destructive",
      }),
  });
  const outcome = delivery.ok
    ? `${delivery.responseStatus}`
    : delivery.responseStatus
      ? `${delivery.responseStatus}`
      : "Failed";
  return (
    <Box borderWidth="1px" borderRadius="md" px="3" py="2" data-testid="delivery-row">
      <Flex gap="2" align="center" wrap="wrap">
        <Badge colorPalette={delivery.ok ? "green" : "red"} minW="10" justifyContent="center">
          {outcome}
        </Badge>
        <Code fontSize="xs">{delivery.eventType}</Code>
        <Text fontSize="xs" color="fg.muted">
          {delivery.trigger === "redeliver"
            ? "Redelivery"
            : delivery.trigger === "test"
              ? `Test · attempt ${delivery.attempt}`
              : `Attempt ${delivery.attempt}`}
          {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ""} ·{" "}
          {longDateTime(delivery.createdAt)}
        </Text>
        <Box flex="1" />
        <Button
          size="xs"
          variant="outline"
          onClick={() => again.mutate()}
          loading={again.isPending}
          disabled={!webhook.isActive}
        >
          <RotateCw aria-hidden />
          Redeliver
        </Button>
      </Flex>
      {delivery.failureReason || delivery.responseBody ? (
        <Text
          fontSize="xs"
          color={delivery.ok ? "fg.muted" : "fg.error"}
          mt="1"
          wordBreak="break-all"
        >
          {[delivery.failureReason, delivery.responseBody].filter(Boolean).join(" — ")}
        </Text>
      ) : null}
    </Box>
  );
}
