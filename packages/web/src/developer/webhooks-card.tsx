/**
 * Webhook endpoints on /settings (docs/developer-api.md): add one (https URL, chosen events;
 * the signing secret is shown once), send a test event, read the delivery log and redeliver,
 * and see (and undo) the portal turning an endpoint off after a run of failures.
 */
import { Alert, Badge, Box, Button, Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { Webhook } from "@portal/core/contracts/developer";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Send, Webhook as WebhookIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { ApiError } from "../api/api-error";
import { ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { DeliveryLog } from "./delivery-log";
import {
  deleteWebhook,
  deliveriesQuery,
  sendTestEvent,
  updateWebhook,
  webhooksKey,
  webhooksQuery,
} from "./queries";

// The form to add an endpoint, with its dialog and checkboxes, loads when first opened
// (docs/performance.md, "`signed-in`").
const AddEndpointDialog = lazy(() =>
  import("./add-endpoint-dialog").then((m) => ({ default: m.AddEndpointDialog })),
);

export function WebhooksCard() {
  const webhooks = useQuery(webhooksQuery());
  const [adding, setAdding] = useState(false);
  return (
    <Card.Root mb="6" data-testid="webhooks">
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading size="md">Webhooks</Heading>
            <Text fontSize="sm" color="fg.muted">
              We POST signed events to your https endpoint (Standard Webhooks) and retry for about
              40 minutes if it fails.
            </Text>
          </Stack>
          <Button colorPalette="brand" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add endpoint
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        <ListStates
          query={webhooks}
          select={(data) => data}
          loading={<LoadingSpinner label="Loading endpoints" py="6" />}
          failed={<LoadFailed title="We couldn't load your endpoints." retry={webhooks.refetch} />}
          empty={<Text color="fg.muted">No endpoints yet.</Text>}
        >
          {(list) => (
            <Stack gap="4">
              {list.map((webhook) => (
                <EndpointPanel key={webhook.id} webhook={webhook} />
              ))}
            </Stack>
          )}
        </ListStates>
      </Card.Body>
      <Suspense fallback={null}>
        {adding ? <AddEndpointDialog onClose={() => setAdding(false)} /> : null}
      </Suspense>
    </Card.Root>
  );
}

function EndpointPanel({ webhook }: { webhook: Webhook }) {
  const queryClient = useQueryClient();
  const [logOpen, setLogOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey });
  const failed = (title: string) => (error: unknown) =>
    toast({
      title,
      description: ApiError.from(error)?.detail ?? "Please try again.",
      variant: "destructive",
    });
  const test = useMutation({
    mutationFn: () => sendTestEvent(webhook.id),
    onSuccess: () => {
      setLogOpen(true);
      toast({ title: "Test event sent", description: "It shows in the delivery log below." });
      void queryClient.invalidateQueries({ queryKey: deliveriesQuery(webhook.id).queryKey });
    },
    onError: failed("The test event was not sent"),
  });
  const toggle = useMutation({
    mutationFn: (isActive: boolean) => updateWebhook(webhook.id, { isActive }),
    onSuccess: (updated) => {
      void refresh();
      toast({ title: updated.isActive ? "Endpoint turned on" : "Endpoint turned off" });
    },
    onError: failed("The endpoint was not changed"),
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(webhook.id),
    onSuccess: () => {
      void refresh();
      toast({ title: "Endpoint deleted" });
    },
    onError: failed("The endpoint was not deleted"),
  });

  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="webhook-endpoint">
      <Stack gap="3">
        <Flex gap="2" align="center" wrap="wrap">
          <WebhookIcon size={16} aria-hidden />
          <Text fontWeight="medium" wordBreak="break-all" flex="1" minW="0">
            {webhook.url}
          </Text>
          <Badge colorPalette={webhook.isActive ? "green" : "red"}>
            {webhook.isActive ? "Active" : "Disabled"}
          </Badge>
        </Flex>
        {webhook.disabledReason ? (
          <Alert.Root status="error" borderRadius="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This endpoint was turned off</Alert.Title>
              <Alert.Description>
                {webhook.disabledReason}. We e-mailed you about it. Fix the endpoint, turn it back
                on, and redeliver what it missed from the log.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Flex gap="1.5" wrap="wrap">
          {webhook.events.map((event) => (
            <Badge key={event} variant="outline" fontFamily="mono">
              {event}
            </Badge>
          ))}
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={!webhook.isActive}
          >
            <Send aria-hidden />
            Send test event
          </Button>
          <Button size="sm" variant="outline" onClick={() => setLogOpen((open) => !open)}>
            {logOpen ? "Hide delivery log" : "Delivery log"}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => toggle.mutate(!webhook.isActive)}
            loading={toggle.isPending}
          >
            {webhook.isActive ? "Turn off" : "Turn on"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm("Delete this endpoint and its delivery log?")) remove.mutate();
            }}
          >
            Delete
          </Button>
        </Flex>
        {logOpen ? <DeliveryLog webhook={webhook} /> : null}
      </Stack>
    </Box>
  );
}
