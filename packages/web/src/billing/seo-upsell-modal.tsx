/**
 * The SEO upsell modal (docs/pricing.md, "The SEO performance package"): an offer step, then a card
 * payment step once a payment intent exists. Success toasts and closes; a refused card keeps the
 * form; closing resets it. The dashboard's upsell strip opens it.
 */
import {
  Badge,
  Button,
  CloseButton,
  Dialog,
  HStack,
  List,
  Portal,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { ApiError } from "../api/api-error";
import { activitiesQuery } from "../dashboard/queries";
import { sitesQuery } from "../sites/queries";
import { toast } from "../ui/toaster";
import { CardPaymentForm } from "./card-form";
import { createSeoPaymentIntent } from "./create-payment-intent";
import { paymentFailureToasts } from "./payment-toasts";
import { SEO_PRICE, SEO_PRICE_SHORT } from "./seo-price";

export interface SeoUpsellModalProps {
  site: { id: string; name: string };
  open: boolean;
  onClose: () => void;
}

const INCLUDED = [
  "Meta tag optimization",
  "Performance optimization",
  "Content enhancement",
  "Local SEO setup",
];

export function SeoUpsellModal({ site, open, onClose }: SeoUpsellModalProps) {
  const queryClient = useQueryClient();
  const [clientSecret, setClientSecret] = useState<string | null>(null);

  const intent = useMutation({
    mutationFn: () => createSeoPaymentIntent(site.id),
    onSuccess: (answer) => setClientSecret(answer.clientSecret),
    onError: (error) => {
      // Bought already (another tab, or the strip still shows): say so rather than "try again".
      if (ApiError.from(error)?.status === 409) {
        toast({
          title: "Already Purchased",
          description: "The SEO package is already active for this site.",
        });
        close();
        return;
      }
      toast({
        title: "Error",
        description: "Failed to initiate payment. Please try again.",
        variant: "destructive",
      });
    },
  });

  function close() {
    setClientSecret(null);
    intent.reset();
    onClose();
  }

  function succeeded() {
    toast({
      title: "Success!",
      description:
        "SEO upgrade purchased successfully! We'll start optimizing your site within 24 hours.",
    });
    // The purchase is recorded by Stripe's webhook; these lists show it once it lands.
    void queryClient.invalidateQueries({ queryKey: activitiesQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: sitesQuery().queryKey });
    close();
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => {
        if (!event.open) close();
      }}
      placement="center"
      size="md"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Stack gap="1">
                <Dialog.Title>SEO Performance Package</Dialog.Title>
                <Text color="fg.muted" fontSize="sm">
                  {site.name}
                </Text>
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              {clientSecret ? (
                <Stack gap="4">
                  <HStack justify="space-between">
                    <Text fontWeight="medium">SEO Performance Package</Text>
                    <Text fontWeight="semibold">{SEO_PRICE}</Text>
                  </HStack>
                  <CardPaymentForm
                    clientSecret={clientSecret}
                    submitLabel={`Pay ${SEO_PRICE_SHORT}`}
                    returnUrl={`${window.location.origin}/dashboard`}
                    onSucceeded={succeeded}
                    {...paymentFailureToasts("SEO upsell payment error.")}
                  />
                </Stack>
              ) : (
                <Stack gap="5">
                  <HStack gap="3" align="baseline" flexWrap="wrap">
                    <Text fontSize="3xl" fontWeight="bold">
                      {SEO_PRICE_SHORT}
                    </Text>
                    <Text color="fg.muted">one-time, for this site</Text>
                    <Badge colorPalette="green">Expected score 90+/100</Badge>
                  </HStack>
                  <Text>
                    Your site scores below 85. Our team tunes it for search engines and speed, and
                    we start optimizing within 24 hours.
                  </Text>
                  <List.Root gap="2" variant="plain">
                    {INCLUDED.map((item) => (
                      <List.Item key={item} alignItems="center">
                        <List.Indicator asChild color="green.600">
                          <CircleCheck size={18} aria-hidden />
                        </List.Indicator>
                        {item}
                      </List.Item>
                    ))}
                  </List.Root>
                </Stack>
              )}
            </Dialog.Body>
            {clientSecret ? null : (
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Not now
                </Button>
                <Button
                  colorPalette="brand"
                  loading={intent.isPending}
                  onClick={() => intent.mutate()}
                >
                  Upgrade for {SEO_PRICE_SHORT}
                </Button>
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
