/**
 * "Delete my account" on /settings (docs/privacy.md): after the customer types the
 * confirmation, everything is erased and they are signed out. While a subscription runs the
 * server answers 409 and the card says to cancel it first. The Stripe customer is kept.
 */
import { Alert, Button, Card, Field, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { ACCOUNT_DELETE_CONFIRMATION, accountDeleteSchema } from "@portal/core/contracts/privacy";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useRef, useState } from "react";
import { ApiError } from "../api/api-error";
import { useSignOut } from "../identity/use-sign-out";
import { toast } from "../ui/toaster";
import { deleteAccount } from "./queries";

export function DeleteAccountCard() {
  const signOut = useSignOut();
  const [refusal, setRefusal] = useState<{ message: string; subscription: boolean } | null>(null);
  // One field: checked with the contract's schema on submit, and again as it is typed once a
  // submit has failed, as the other forms do; no form library, so /settings does not download
  // one (docs/performance.md, "`signed-in`").
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const check = (value: string) => {
    const checked = accountDeleteSchema.safeParse({ confirmation: value });
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    return checked.success ? checked.data : null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const values = check(confirmation);
    if (!values) {
      // Where the customer fixes it, as a form library would put the focus.
      input.current?.focus();
      return;
    }
    setRefusal(null);
    setSubmitting(true);
    try {
      await deleteAccount(values);
    } catch (failure) {
      setSubmitting(false);
      const apiError = ApiError.from(failure);
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
  };

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
            <Field.Root invalid={!!error}>
              <Field.Label>Type {ACCOUNT_DELETE_CONFIRMATION} to confirm</Field.Label>
              <Input
                ref={input}
                name="confirmation"
                autoComplete="off"
                maxW="xs"
                value={confirmation}
                onChange={(event) => {
                  setConfirmation(event.target.value);
                  if (submitted) check(event.target.value);
                }}
              />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <Button
              type="submit"
              colorPalette="red"
              alignSelf="flex-start"
              loading={submitting}
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
