/**
 * "Delete my account" on /settings (docs/privacy.md): after the customer types the
 * confirmation, everything is erased and they are signed out. While a subscription runs the
 * server answers 409 and the card says to cancel it first. The Stripe customer is kept.
 */
import { Alert, Button, Card, Field, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCOUNT_DELETE_CONFIRMATION,
  type AccountDelete,
  accountDeleteSchema,
} from "@portal/core/contracts/privacy";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../api/api-error";
import { useSignOut } from "../identity/use-sign-out";
import { toast } from "../ui/toaster";
import { deleteAccount } from "./queries";

export function DeleteAccountCard() {
  const signOut = useSignOut();
  const [refusal, setRefusal] = useState<{ message: string; subscription: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AccountDelete>({
    resolver: zodResolver(accountDeleteSchema),
    defaultValues: { confirmation: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await deleteAccount(values);
    } catch (error) {
      const apiError = ApiError.from(error);
      setRefusal({
        message: apiError?.detail ?? "Your account was not deleted. Please try again.",
        subscription: apiError?.status === 409,
      });
      return;
    }
    toast({
      title: "Your account has been deleted",
      description: "Thank you for having been with us.",
    });
    await signOut();
  });

  return (
    <Card.Root mb="6" borderColor="border.error">
      <Card.Header>
        <Heading size="md">Delete your account</Heading>
        <Text fontSize="sm" color="fg.muted">
          This erases your sites, screenshots, analytics, tickets, API keys, webhooks and your
          sign-in for good; it cannot be undone. Our payment provider keeps your customer record and
          invoices for its accounting. If you have an active subscription, cancel it on the Billing
          page first.
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            {refusal ? (
              <Alert.Root status="error" borderRadius="md">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>
                    {refusal.message}{" "}
                    {refusal.subscription ? (
                      <Link to="/billing" style={{ textDecoration: "underline" }}>
                        Go to Billing
                      </Link>
                    ) : null}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <Field.Root invalid={!!errors.confirmation}>
              <Field.Label>Type {ACCOUNT_DELETE_CONFIRMATION} to confirm</Field.Label>
              <Input autoComplete="off" maxW="xs" {...register("confirmation")} />
              <Field.ErrorText>{errors.confirmation?.message}</Field.ErrorText>
            </Field.Root>
            <Button
              type="submit"
              colorPalette="red"
              alignSelf="flex-start"
              loading={isSubmitting}
              loadingText="Deleting…"
            >
              Delete my account
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
