/**
 * The local inbox of the stack under test (docs/notifications.md): every mail the product
 * sent through the SES stand-in, read back once the events queue has settled.
 */
import type { StoredMail } from "@portal/devstack/mail";
import { expect } from "vitest";
import { url } from "./payments";

export type Mail = StoredMail;

export async function inbox(): Promise<Mail[]> {
  const answer = await fetch(`${url}/__devstack/mail/messages.json`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { messages: Mail[] }).messages;
}

/** Waits until the events queue has nothing waiting or running. */
export async function eventsSettled() {
  for (let i = 0; i < 200; i++) {
    const state = (await (await fetch(`${url}/__devstack/events`)).json()) as {
      waiting: number;
      inFlight: number;
    };
    if (state.waiting === 0 && state.inFlight === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the events queue did not settle");
}

/** The mails sent to `address` so far, once every event emitted until now is handled. */
export async function mailsTo(address: string): Promise<Mail[]> {
  await eventsSettled();
  return (await inbox()).filter((m) => m.envelope.to.includes(address));
}
