/**
 * /billing (docs/billing.md, "The Billing page"): subscription, payment methods and history, side
 * by side on wide screens.
 */
import { Grid, GridItem, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { currentUserKey } from "../api/current-user";
import { PageHeader } from "../shell/app-shell";
import { BillingHistoryCard } from "./billing-history-card";
import { PaymentMethodsCard } from "./payment-methods-card";
import { SubscriptionCard } from "./subscription-card";

export function BillingPage() {
  const queryClient = useQueryClient();
  // The user record is refreshed when the page loads (a webhook may have changed it).
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [queryClient]);

  return (
    <Stack gap="0">
      <PageHeader title="Billing" />
      <Text color="fg.muted" mt="-4" mb="6">
        Manage your subscription, payment methods and invoices.
      </Text>
      {/* Phones read top to bottom: plan, cards, history; wide screens put the cards aside. */}
      <Grid
        templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" }}
        templateAreas={{ base: `"sub" "pm" "hist"`, lg: `"sub pm" "hist pm"` }}
        gap="6"
        alignItems="start"
      >
        <GridItem area="sub">
          <SubscriptionCard />
        </GridItem>
        <GridItem area="pm">
          <PaymentMethodsCard />
        </GridItem>
        <GridItem area="hist">
          <BillingHistoryCard />
        </GridItem>
      </Grid>
    </Stack>
  );
}
