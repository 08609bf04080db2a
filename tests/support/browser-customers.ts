/**
 * Customers for end-to-end tests, set up the way most tests need them: signed up through the
 * dev identity provider (the browser context gets the session cookies), their user record
 * created by the first authenticated call as the SPA's sync does, and their plan or
 * questionnaire state written through core, as the Stripe webhook and the questionnaire would.
 *
 * Core is imported when a customer is made, not when this module loads: the test file must
 * have pointed process.env at its stack first (useWebStackEnv, or its own local stack).
 */
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { uniqueEmail } from "./browser";
import {
  addSite,
  type CustomerState,
  READY_CUSTOMER,
  type SiteFields,
  setCustomerState,
} from "./customer-state";

export { type CustomerState, READY_CUSTOMER };

export interface Person {
  firstName: string;
  lastName: string;
}

/** Signs a person up through the dev identity provider; returns their user id. */
export async function signUp(context: BrowserContext, person: Person): Promise<string> {
  const res = await context.request.post("/dev-identity/sign-up", {
    data: {
      email: uniqueEmail(person.firstName.toLowerCase()),
      password: "correct horse battery",
      firstName: person.firstName,
      lastName: person.lastName,
    },
  });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  return user.id;
}

/**
 * A signed-in customer in `state` (default: READY_CUSTOMER); `state` may depend on the new
 * user's id (e.g. Stripe ids derived from it). Returns the user id.
 */
export async function signUpCustomer(
  context: BrowserContext,
  person: Person,
  state: CustomerState | ((userId: string) => CustomerState) = READY_CUSTOMER,
): Promise<string> {
  const userId = await signUp(context, person);
  // The first authenticated call creates the user record, as the SPA's sync does.
  expect((await context.request.get("/api/auth/user")).status()).toBe(200);
  await setCustomerState(userId, typeof state === "function" ? state(userId) : state);
  return userId;
}

/**
 * A signed-in customer in READY_CUSTOMER's state with one site (live, "Corner Bakery", unless
 * `site` says otherwise), written through core as the team's console would.
 */
export async function customerWithSite(
  context: BrowserContext,
  person: Person,
  site: SiteFields = {},
): Promise<{ userId: string; siteId: string }> {
  const userId = await signUpCustomer(context, person);
  return { userId, siteId: await addSite(userId, site) };
}

/** Signs a person up (last name "Tester"); their user id and the address they signed up with. */
export async function signUpIn(
  context: BrowserContext,
  firstName: string,
): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await context.request.post("/dev-identity/sign-up", {
    data: { email, password: "correct horse battery", firstName, lastName: "Tester" },
  });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, email };
}

/** A same-origin API write, as the SPA sends it (its Origin header); fails on an error answer. */
export async function postAsSpa(
  context: BrowserContext,
  origin: string,
  url: string,
  data: unknown,
) {
  const res = await context.request.post(url, { headers: { origin }, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}
