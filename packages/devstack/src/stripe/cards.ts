/**
 * Stripe's documented test cards that the emulator knows, and what each does when charged.
 * Any future expiry date and any CVC are accepted, as in Stripe's test mode.
 */

export type CardBehaviour =
  | "succeeds"
  /** 3-D Secure: the first payment needs the customer's extra confirmation. */
  | "requires_authentication"
  | "declined"
  | "insufficient_funds"
  | "expired_card"
  | "incorrect_cvc"
  /** Saves fine, but every later charge is declined (renewals fail). */
  | "charge_fails"
  /**
   * 3-D Secure on every payment, saved or not: off-session charges (renewals) stop at
   * `requires_action` until the customer confirms on session.
   */
  | "always_authenticate";

export interface TestCard {
  brand: "visa" | "mastercard" | "amex";
  funding: "credit" | "debit";
  behaviour: CardBehaviour;
}

export const TEST_CARDS: Record<string, TestCard> = {
  "4242424242424242": { brand: "visa", funding: "credit", behaviour: "succeeds" },
  "4000056655665556": { brand: "visa", funding: "debit", behaviour: "succeeds" },
  "5555555555554444": { brand: "mastercard", funding: "credit", behaviour: "succeeds" },
  "378282246310005": { brand: "amex", funding: "credit", behaviour: "succeeds" },
  "4000002500003155": { brand: "visa", funding: "credit", behaviour: "requires_authentication" },
  "4000002760003184": { brand: "visa", funding: "credit", behaviour: "always_authenticate" },
  "4000000000000002": { brand: "visa", funding: "credit", behaviour: "declined" },
  "4000000000009995": { brand: "visa", funding: "credit", behaviour: "insufficient_funds" },
  "4000000000000069": { brand: "visa", funding: "credit", behaviour: "expired_card" },
  "4000000000000127": { brand: "visa", funding: "credit", behaviour: "incorrect_cvc" },
  "4000000000000341": { brand: "visa", funding: "credit", behaviour: "charge_fails" },
};

/** A Stripe card error: what the API answers with status 402 and puts in last_payment_error. */
export interface CardError {
  type: "card_error";
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export const DECLINED: CardError = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
};

export const AUTHENTICATION_FAILED: CardError = {
  type: "card_error",
  code: "payment_intent_authentication_failure",
  message:
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
};

function luhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Checks the card as Stripe would before creating a PaymentMethod from it. */
export function checkCard(
  input: CardInput,
  now = new Date(),
): { card: TestCard; number: string } | { error: CardError } {
  const number = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return {
      error: {
        type: "card_error",
        code: "incorrect_number",
        message: "Your card number is incorrect.",
        param: "number",
      },
    };
  }
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
    return {
      error: {
        type: "card_error",
        code: "invalid_expiry_month",
        message: "Your card's expiration month is invalid.",
        param: "exp_month",
      },
    };
  }
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const expired =
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && input.expMonth < now.getUTCMonth() + 1);
  if (!Number.isInteger(year) || expired) {
    return {
      error: {
        type: "card_error",
        code: "invalid_expiry_year",
        message: "Your card's expiration year is invalid.",
        param: "exp_year",
      },
    };
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return {
      error: {
        type: "card_error",
        code: "invalid_cvc",
        message: "Your card's security code is invalid.",
        param: "cvc",
      },
    };
  }
  const card = TEST_CARDS[number];
  if (!card) {
    return {
      error: {
        ...DECLINED,
        message:
          "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
      },
    };
  }
  return { card, number };
}

/** Whether a payment with this card waits for the customer's confirmation (3-D Secure). */
export function needsAuthentication(card: TestCard, offSession: boolean): boolean {
  if (card.behaviour === "always_authenticate") return true;
  return card.behaviour === "requires_authentication" && !offSession;
}

/** What an off-session charge that needs authentication records as its last error. */
export const AUTHENTICATION_REQUIRED: CardError = {
  type: "card_error",
  code: "authentication_required",
  decline_code: "authentication_required",
  message: "Your card was declined. This transaction requires authentication.",
};

/** The error a charge on this card meets, or undefined if it goes through. */
export function chargeError(card: TestCard): CardError | undefined {
  switch (card.behaviour) {
    case "succeeds":
    case "requires_authentication":
    case "always_authenticate":
      return undefined;
    case "declined":
      return DECLINED;
    case "charge_fails":
      // Saving the card works (setup mode, the portal); any charge on it is declined.
      return DECLINED;
    case "insufficient_funds":
      return {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      };
    case "expired_card":
      return { type: "card_error", code: "expired_card", message: "Your card has expired." };
    case "incorrect_cvc":
      return {
        type: "card_error",
        code: "incorrect_cvc",
        message: "Your card's security code is incorrect.",
        param: "cvc",
      };
  }
}
