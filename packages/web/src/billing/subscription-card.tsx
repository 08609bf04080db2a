/**
 * Current Subscription (docs/billing.md, "The Billing page"): plan,
 * price, status with its icon and badge, the period, Cancel behind a confirmation dialog, the
 * yellow period-end notice and Reactivate.
 */
import { Alert, Button, Card, Flex, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import type {
  BillingSubscription,
  BillingSubscriptionResponse,
} from "@portal/core/contracts/billing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CircleAlert, CircleCheck, CircleX, Clock } from "lucide-react";
import { useState } from "react";
import { unavailableMessage } from "../api/api-error";
import { isUnauthorizedError } from "../api/client";
import { currentUserKey, currentUserQuery } from "../api/current-user";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { formatLongDate, formatMoney } from "../ui/format";
import { toast } from "../ui/toaster";
import { canCancel, type StatusTone, subscriptionStatusDisplay } from "./format";
import {
  billingSubscriptionQuery,
  cancelSubscription,
  invoicesQuery,
  reactivateSubscription,
} from "./queries";
import { SitesSuspendedNotice } from "./sites-suspended-notice";
import { KindBadge } from "./status-badge";

const ICON: Record<StatusTone, { icon: typeof CircleCheck; color: string }> = {
  green: { icon: CircleCheck, color: "var(--chakra-colors-green-600)" },
  red: { icon: CircleAlert, color: "var(--chakra-colors-red-600)" },
  grey: { icon: CircleX, color: "var(--chakra-colors-gray-500)" },
  yellow: { icon: Clock, color: "var(--chakra-colors-yellow-600)" },
};

/** A subscription whose invoice is open: the customer pays it rather than subscribes again. */
const OWES_MONEY = new Set(["past_due", "unpaid", "incomplete"]);

export function SubscriptionCard() {
  const query = useQuery(billingSubscriptionQuery());
  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Header>
        <Card.Title>Current Subscription</Card.Title>
        <Card.Description>Your plan, its status and the current billing period.</Card.Description>
      </Card.Header>
      <Card.Body>
        {query.isPending ? (
          <Stack gap="3">
            <Skeleton height="6" width="40%" />
            <Skeleton height="4" width="60%" />
          </Stack>
        ) : query.isError ? (
          <Text color="fg.error">
            {unavailableMessage(query.error) ??
              "Failed to load your subscription. Please refresh the page."}
          </Text>
        ) : query.data.subscription ? (
          <SubscriptionDetails
            subscription={query.data.subscription}
            gracePeriodDays={query.data.gracePeriodDays}
          />
        ) : (
          <Stack gap="4" align="flex-start">
            <Text color="fg.muted">No active subscription found.</Text>
            <Button asChild colorPalette="brand">
              <Link to="/pricing">View Plans</Link>
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The sites' fate once a subscription ends, as the server applies it: offline at the end,
 * deleted after the grace period unless the customer subscribes again (docs/billing.md "When a
 * subscription ends"; docs/decisions.md "The end of a cancelled subscription").
 */
function afterEndText(gracePeriodDays: number, end: string, deleteOn: string) {
  const days = `${gracePeriodDays} ${gracePeriodDays === 1 ? "day" : "days"}`;
  return `On ${end} your websites go offline. ${days} later, on ${deleteOn}, they are deleted for good with their files, screenshots, analytics and custom domains, unless you subscribe again before then, which brings them back as they were.`;
}

function SubscriptionDetails({
  subscription,
  gracePeriodDays,
}: {
  subscription: BillingSubscription;
  gracePeriodDays: number;
}) {
  const queryClient = useQueryClient();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The dialog mounts at its first opening and stays, so it can animate its closing.
  const invoices = useQuery({ ...invoicesQuery(), enabled: OWES_MONEY.has(subscription.status) });
  const openInvoice = invoices.data?.invoices.find((invoice) => invoice.status === "open");
  const display = subscriptionStatusDisplay(subscription.status);
  const { icon: Icon, color } = ICON[display.tone];
  const end = formatLongDate(subscription.currentPeriodEnd);
  const deleteOn = formatLongDate(addDays(subscription.currentPeriodEnd, gracePeriodDays));
  const { data: user } = useQuery(currentUserQuery(true));

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: billingSubscriptionQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };

  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (answer) => {
      queryClient.setQueryData(
        billingSubscriptionQuery().queryKey,
        (old: BillingSubscriptionResponse | undefined) =>
          old ? { ...old, subscription: answer.subscription } : old,
      );
      refresh();
      setConfirmOpen(false);
      toast({
        title: "Subscription Canceled",
        description: "Your subscription has been canceled and will end at the current period.",
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      // The user record is refreshed on errors too: the state may have moved.
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      toast({
        title: "Error",
        description: "Failed to cancel subscription. Please try again.",
        variant: "destructive",
      });
    },
  });

  const reactivate = useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: (answer) => {
      queryClient.setQueryData(
        billingSubscriptionQuery().queryKey,
        (old: BillingSubscriptionResponse | undefined) =>
          old ? { ...old, subscription: answer.subscription } : old,
      );
      refresh();
      toast({
        title: "Subscription Reactivated",
        description: "Your subscription has been reactivated successfully.",
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      // The user record is refreshed on errors too: the state may have moved.
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      toast({
        title: "Error",
        description: "Failed to reactivate subscription. Please try again.",
        variant: "destructive",
      });
    },
  });

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <HStack gap="3" align="flex-start">
          <Icon size={28} color={color} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap="0.5">
            <Text fontSize="xl" fontWeight="semibold">
              {subscription.plan.name} Plan
            </Text>
            <Text color="fg.muted">
              {formatMoney(subscription.plan.amount, subscription.plan.currency)}/
              {subscription.plan.interval}
            </Text>
          </Stack>
        </HStack>
        <KindBadge kind={display.badge}>{display.label}</KindBadge>
      </Flex>

      {subscription.currentPeriodStart && subscription.currentPeriodEnd ? (
        <Stack gap="1" fontSize="sm">
          <Text>
            <Text as="span" color="fg.muted">
              Current period:{" "}
            </Text>
            {formatLongDate(subscription.currentPeriodStart)} – {end}
          </Text>
          {subscription.status === "active" && !subscription.cancelAtPeriodEnd ? (
            <Text>
              <Text as="span" color="fg.muted">
                Next billing date:{" "}
              </Text>
              {end}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      {OWES_MONEY.has(subscription.status) ? (
        <Alert.Root
          status="error"
          borderRadius="lg"
          alignItems={{ base: "flex-start", sm: "center" }}
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your latest payment did not go through</Alert.Title>
            <Alert.Description>
              Pay the open invoice to keep your plan and your websites, or add a new card below.
            </Alert.Description>
          </Alert.Content>
          {openInvoice?.hostedInvoiceUrl ? (
            <Button asChild size="sm" colorPalette="red" flexShrink="0">
              <a href={openInvoice.hostedInvoiceUrl}>Pay Now</a>
            </Button>
          ) : null}
        </Alert.Root>
      ) : null}

      {subscription.cancelAtPeriodEnd && subscription.status !== "canceled" ? (
        <Alert.Root
          status="warning"
          borderRadius="lg"
          alignItems={{ base: "flex-start", sm: "center" }}
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your subscription ends on {end}</Alert.Title>
            <Alert.Description>
              {afterEndText(gracePeriodDays, end, deleteOn)} Reactivate before {end} to keep them
              online.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {subscription.status === "canceled" && user?.sitesDeleteAfter ? (
        <SitesSuspendedNotice deleteAfter={user.sitesDeleteAfter} />
      ) : null}

      <HStack gap="3" wrap="wrap">
        {canCancel(subscription) ? (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmOpen(true)}>
            Cancel Subscription
          </Button>
        ) : null}
        {subscription.cancelAtPeriodEnd && subscription.status !== "canceled" ? (
          <Button
            colorPalette="brand"
            loading={reactivate.isPending}
            onClick={() => reactivate.mutate()}
          >
            Reactivate Subscription
          </Button>
        ) : null}
        {/* The offline notice has its own Subscribe Again: one way to the plans, not two. */}
        {subscription.status === "canceled" && !user?.sitesDeleteAfter ? (
          <Button asChild colorPalette="brand">
            <Link to="/pricing">View Plans</Link>
          </Button>
        ) : null}
      </HStack>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        placement="center"
        title="Cancel your subscription?"
        cancelLabel="Keep Subscription"
        confirmLabel="Cancel Subscription"
        confirmPalette="red"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      >
        <Stack gap="3">
          <Text>
            Your {subscription.plan.name} plan stays active until {end}.{" "}
            {afterEndText(gracePeriodDays, end, deleteOn)}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            You can reactivate any time before then.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}

function addDays(iso: string | null, days: number): string | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? null : new Date(time + days * 86_400_000).toISOString();
}
