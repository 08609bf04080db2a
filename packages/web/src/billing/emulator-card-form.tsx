/**
 * The card form in the local stack: card fields posted to the Stripe emulator, and its extra
 * confirmation screen for the card that needs one (4000 0025 0000 3155), as 3-D Secure would.
 */
import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { CardPaymentFormProps } from "./card-payment";
import { PAYMENT_FAILED_FALLBACK } from "./card-payment";
import {
  authenticateCardPayment,
  confirmCardPayment,
  type EmulatorConfirmResult,
} from "./emulator-client";

/** "12 / 34" or "12/2034" → month and four-digit year; undefined when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const [, monthText = "", yearText = ""] = match;
  const month = Number(monthText);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

export function EmulatorCardForm(props: CardPaymentFormProps) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsConfirmation, setNeedsConfirmation] = useState(false);

  function settle(result: EmulatorConfirmResult) {
    if (result.status === "succeeded" || result.status === "processing") {
      props.onSucceeded();
      return;
    }
    if (result.status === "requires_action") {
      setNeedsConfirmation(true);
      return;
    }
    props.onFailed(result.error?.message || PAYMENT_FAILED_FALLBACK);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const digits = number.replace(/\D/g, "");
    const date = parseExpiry(expiry);
    if (digits.length < 12) return setFieldError("Your card number is incomplete.");
    if (!date) return setFieldError("Your card's expiration date is incomplete.");
    if (!/^\d{3,4}$/.test(cvc.trim()))
      return setFieldError("Your card's security code is incomplete.");
    setFieldError(null);
    setBusy(true);
    try {
      settle(
        await confirmCardPayment(props.clientSecret, {
          number: digits,
          expMonth: date.month,
          expYear: date.year,
          cvc: cvc.trim(),
        }),
      );
    } catch (error) {
      props.onUnexpected(error);
    } finally {
      setBusy(false);
    }
  }

  async function authenticate(approve: boolean) {
    setBusy(true);
    try {
      setNeedsConfirmation(false);
      settle(await authenticateCardPayment(props.clientSecret, approve));
    } catch (error) {
      props.onUnexpected(error);
    } finally {
      setBusy(false);
    }
  }

  if (needsConfirmation) {
    return (
      <Stack gap="4" borderWidth="1px" borderRadius="lg" p="5" role="group" aria-label="Confirm">
        <HStack gap="2">
          <ShieldCheck size={20} aria-hidden />
          <Text fontWeight="semibold">Confirm this payment</Text>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          Your bank asks you to confirm this payment before it goes through.
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" loading={busy} onClick={() => void authenticate(true)}>
            Confirm payment
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => void authenticate(false)}>
            Fail confirmation
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        <Field.Root invalid={fieldError?.includes("number") ?? false}>
          <Field.Label>Card number</Field.Label>
          <Input
            name="cardnumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
        </Field.Root>
        <HStack gap="3" align="start">
          <Field.Root invalid={fieldError?.includes("expiration") ?? false}>
            <Field.Label>Expiration</Field.Label>
            <Input
              name="exp-date"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={expiry}
              onChange={(e) => setExpiry(e.target.value)}
            />
          </Field.Root>
          <Field.Root invalid={fieldError?.includes("security") ?? false}>
            <Field.Label>CVC</Field.Label>
            <Input
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              value={cvc}
              onChange={(e) => setCvc(e.target.value)}
            />
          </Field.Root>
        </HStack>
        {fieldError ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {fieldError}
          </Text>
        ) : null}
        <Text color="fg.muted" fontSize="xs">
          Local test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025
          0000 3155 asks for confirmation. Any future date and any CVC.
        </Text>
        <Button type="submit" colorPalette="brand" disabled={busy} w="full">
          {busy ? "Processing..." : props.submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
