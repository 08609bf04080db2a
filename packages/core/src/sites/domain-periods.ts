/**
 * How often one customer may reserve a domain without verifying it (docs/domains.md, "A claim
 * cannot be held for ever"). Each unverified claim period (a new claim, or a lapsed one taken
 * up again) counts against MAX_CLAIM_PERIODS per domain and customer, within a window of
 * CLAIM_PERIODS_WINDOW_DAYS from the first. Past that, the customer waits for the window to
 * end while anyone who controls the domain may add it: a squatter cannot renew a lapsed claim
 * the moment it lapses, nor let it go and add it again, for ever. Counted per customer, not per
 * site, so moving the domain between one's own sites does not start over.
 *
 * One item per domain and customer in a key space of its own (no ElectroDB entity reads it),
 * removed by the table's TTL after its window.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { EXPIRES_AT } from "../analytics/visitor-mark";
import { documentClient, tableName } from "../db/client";
import { conditionalUpdate } from "../db/conditional-update";
import { UnprocessableError } from "../errors";
import { longDate } from "../long-date";

/** Unverified claim periods one customer may start on one domain per window. */
export const MAX_CLAIM_PERIODS = 3;
export const CLAIM_PERIODS_WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

export function claimPeriodsMessage(until: Date): string {
  return `This domain was reserved for your sites ${MAX_CLAIM_PERIODS} times without being verified. You can add it again on ${longDate(until.toISOString())}; until then anyone who controls it may add it.`;
}

function key(domain: string, userId: string) {
  return {
    pk: `$portal#domainClaimPeriods#domain_${domain}#userId_${userId}`,
    sk: "$domainClaimPeriods",
  };
}

const NAMES = { "#n": "periods", "#ends": "windowEndsMs", "#expires": EXPIRES_AT };

function update(
  domain: string,
  userId: string,
  expression: string,
  condition: string,
  values: Record<string, number>,
): Promise<boolean> {
  return conditionalUpdate({
    key: key(domain, userId),
    update: expression,
    condition,
    names: NAMES,
    values,
  });
}

/**
 * Counts one new unverified claim period of `domain` for the customer, or throws
 * UnprocessableError when they have used up their periods in this window.
 */
export async function takeClaimPeriod(domain: string, userId: string, now = Date.now()) {
  const windowEnds = now + CLAIM_PERIODS_WINDOW_DAYS * DAY_MS;
  const fresh = {
    ":one": 1,
    ":ends": windowEnds,
    ":expires": Math.floor(windowEnds / 1000) + 86_400,
    ":now": now,
  };
  // Within a live window: one more, if any are left.
  if (
    await update(
      domain,
      userId,
      "ADD #n :one",
      "attribute_exists(#n) AND #n < :max AND #ends > :now",
      { ":one": 1, ":max": MAX_CLAIM_PERIODS, ":now": now },
    )
  ) {
    return;
  }
  // No window, or one that has ended (TTL may lag): this period starts a new one.
  const started = await update(
    domain,
    userId,
    "SET #n = :one, #ends = :ends, #expires = :expires",
    "attribute_not_exists(#n) OR #ends <= :now",
    fresh,
  );
  if (started) return;
  const { Item } = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: key(domain, userId),
      ConsistentRead: true,
    }),
  );
  throw new UnprocessableError(
    claimPeriodsMessage(new Date(Number(Item?.windowEndsMs ?? windowEnds))),
  );
}

/** Gives a period back: the claim it was taken for did not happen (the domain was held). */
export async function returnClaimPeriod(domain: string, userId: string): Promise<void> {
  await update(domain, userId, "ADD #n :minus", "#n > :zero", { ":minus": -1, ":zero": 0 });
}
