/**
 * The Google Analytics connection (docs/analytics.md, "The Analytics page"): the not-connected card
 * with the tracking ID input and how-to list, or the 'Connected' status with the ID and Disconnect.
 * Only emptiness is checked here; the format is the server's call ('Connection Failed').
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Field,
  Flex,
  HStack,
  Input,
  List,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { type AnalyticsSettings, TRACKING_ID_TOASTS } from "@portal/core/contracts/analytics";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { RecordStates } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { analyticsSettingsKey, analyticsSettingsQuery, connectGa, disconnectGa } from "./queries";

export function GaCard() {
  const settings = useQuery(analyticsSettingsQuery());
  return (
    <Card.Root bg="bg" borderRadius="xl" data-testid="ga-card">
      <Card.Header pb="2">
        <Card.Title as="h2" fontSize="md">
          Google Analytics
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <RecordStates
          query={settings}
          loading={
            <Stack gap="3" aria-busy="true">
              <Skeleton height="5" width="60%" />
              <Skeleton height="10" />
            </Stack>
          }
          failed="We couldn't load your Google Analytics settings."
        >
          {(ga) => (ga.isConnected ? <Connected settings={ga} /> : <ConnectForm />)}
        </RecordStates>
      </Card.Body>
    </Card.Root>
  );
}

function ConnectForm() {
  const queryClient = useQueryClient();
  const [trackingId, setTrackingId] = useState("");
  const connect = useMutation({
    mutationFn: connectGa,
    onSuccess: (settings) => {
      queryClient.setQueryData(analyticsSettingsKey, settings);
      void queryClient.invalidateQueries({ queryKey: analyticsSettingsKey });
    },
    onError: () => toast({ ...TRACKING_ID_TOASTS.failed, variant: "destructive" }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = trackingId.trim();
    if (!value) {
      toast({ ...TRACKING_ID_TOASTS.empty, variant: "destructive" });
      return;
    }
    connect.mutate(value);
  };

  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        Connect your Google Analytics property by adding its tracking ID. The figures on this page
        come from the tracking snippet and work with or without it.
      </Text>
      <form onSubmit={submit} noValidate>
        <Flex gap="3" direction={{ base: "column", sm: "row" }} align={{ sm: "flex-end" }}>
          <Field.Root flex="1">
            <Field.Label>Tracking ID</Field.Label>
            <Input
              value={trackingId}
              onChange={(event) => setTrackingId(event.target.value)}
              placeholder="G-XXXXXXXXXX or UA-XXXXXXXXX-X"
              autoComplete="off"
              spellCheck={false}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={connect.isPending}>
            Connect
          </Button>
        </Flex>
      </form>
      <Box>
        <Text fontWeight="medium" fontSize="sm" mb="2">
          How to find your tracking ID
        </Text>
        <List.Root as="ol" gap="1.5" fontSize="sm" color="fg.muted" ps="5">
          <List.Item>Sign in to Google Analytics at analytics.google.com.</List.Item>
          <List.Item>Open Admin, then Data streams, and choose your website's stream.</List.Item>
          <List.Item>
            Copy the Measurement ID, which starts with G- (older Universal Analytics properties use
            an ID starting with UA-).
          </List.Item>
          <List.Item>Paste it above and select Connect.</List.Item>
        </List.Root>
      </Box>
    </Stack>
  );
}

function Connected({ settings }: { settings: AnalyticsSettings }) {
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: disconnectGa,
    onSuccess: (next) => {
      queryClient.setQueryData(analyticsSettingsKey, next);
      void queryClient.invalidateQueries({ queryKey: analyticsSettingsKey });
    },
    onError: () =>
      toast({
        title: "Disconnect Failed",
        description: "Failed to disconnect Google Analytics. Please try again.",
        variant: "destructive",
      }),
  });

  return (
    <Stack gap="4">
      <HStack gap="2">
        <Badge colorPalette="green" variant="subtle" size="lg" gap="1.5">
          <CheckCircle2 size={14} aria-hidden />
          Connected
        </Badge>
      </HStack>
      <Box>
        <Text fontSize="sm" color="fg.muted" mb="1">
          Tracking ID
        </Text>
        <Code fontSize="md" px="2" py="1" data-testid="ga-tracking-id">
          {settings.trackingId}
        </Code>
      </Box>
      <Box>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          loading={disconnect.isPending}
          onClick={() => disconnect.mutate()}
        >
          Disconnect
        </Button>
      </Box>
    </Stack>
  );
}
