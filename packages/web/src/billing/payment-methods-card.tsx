/**
 * Payment Methods (docs/billing.md, "The Billing page"): saved cards with the default badge, Set as
 * Default, adding a card (Stripe Checkout in setup mode) and Manage Payment Methods (Stripe's
 * portal).
 */
import { Badge, Button, Card, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { PaymentMethod } from "@portal/core/contracts/billing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, Link2 } from "lucide-react";
import { isUnauthorizedError } from "../api/client";
import { toast } from "../ui/toaster";
import { brandName } from "./format";
import { BillingListStates } from "./list-states";
import {
  addPaymentMethod,
  createPortalSession,
  paymentMethodsQuery,
  setDefaultPaymentMethod,
} from "./queries";

function describe(method: PaymentMethod) {
  if (method.card) {
    return {
      title: `${brandName(method.card.brand)} •••• ${method.card.last4}`,
      detail: `Expires ${String(method.card.expMonth).padStart(2, "0")}/${method.card.expYear}`,
    };
  }
  if (method.type === "link") return { title: "Link", detail: method.link?.email ?? "" };
  return { title: brandName(method.type), detail: "" };
}

/** Sends the browser to a Stripe page, or says why it cannot. */
function useRedirect(run: () => Promise<{ url: string }>, failure: string) {
  return useMutation({
    mutationFn: run,
    onSuccess: ({ url }) => {
      if (!url) {
        toast({ title: "Error", description: failure, variant: "destructive" });
        return;
      }
      window.location.assign(url);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: failure, variant: "destructive" });
    },
  });
}

export function ManagePaymentMethodsButton() {
  const portal = useRedirect(
    createPortalSession,
    "Failed to open billing portal. Please try again.",
  );
  return (
    <Button variant="outline" loading={portal.isPending} onClick={() => portal.mutate()}>
      Manage Payment Methods
    </Button>
  );
}

export function PaymentMethodsCard() {
  const queryClient = useQueryClient();
  const query = useQuery(paymentMethodsQuery());
  const add = useRedirect(addPaymentMethod, "Failed to add payment method. Please try again.");
  const makeDefault = useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQuery().queryKey });
      toast({ title: "Success", description: "Default payment method updated successfully" });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Error",
        description: "Failed to update default payment method. Please try again.",
        variant: "destructive",
      });
    },
  });

  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Header>
        <Card.Title>Payment Methods</Card.Title>
        <Card.Description>The cards your subscription is charged to.</Card.Description>
      </Card.Header>
      <Card.Body>
        <BillingListStates
          query={query}
          select={(data) => data.paymentMethods}
          skeletonHeight="12"
          errorText="Failed to load payment methods. Please refresh the page."
          emptyText="No payment methods found"
        >
          {(items) => (
            <Stack gap="3" as="ul" listStyleType="none">
              {items.map((method) => {
                const { title, detail } = describe(method);
                const Icon = method.type === "link" ? Link2 : CreditCard;
                return (
                  <Flex
                    as="li"
                    key={method.id}
                    justify="space-between"
                    align="center"
                    gap="3"
                    wrap="wrap"
                    borderWidth="1px"
                    borderRadius="lg"
                    px="4"
                    py="3"
                  >
                    <HStack gap="3" minW="0">
                      <Icon size={22} aria-hidden style={{ flexShrink: 0 }} />
                      <Stack gap="0" minW="0">
                        <Text fontWeight="medium">{title}</Text>
                        {detail ? (
                          <Text fontSize="sm" color="fg.muted">
                            {detail}
                          </Text>
                        ) : null}
                      </Stack>
                    </HStack>
                    {method.isDefault ? (
                      <Badge variant="subtle" colorPalette="brand" borderRadius="full" px="2.5">
                        Default
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="ghost"
                        loading={makeDefault.isPending && makeDefault.variables === method.id}
                        onClick={() => makeDefault.mutate(method.id)}
                      >
                        Set as Default
                      </Button>
                    )}
                  </Flex>
                );
              })}
            </Stack>
          )}
        </BillingListStates>
      </Card.Body>
      <Card.Footer gap="3" flexWrap="wrap">
        <Button variant="outline" loading={add.isPending} onClick={() => add.mutate()}>
          <CreditCard aria-hidden />
          Add Payment Method
        </Button>
        <ManagePaymentMethodsButton />
      </Card.Footer>
    </Card.Root>
  );
}
