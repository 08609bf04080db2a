/**
 * Custom domains with state: the claim (one holder per domain, by a conditional create on
 * the domain's own key), the site's domain fields, verification by real DNS look-ups, and
 * release when the site lets the domain go or is deleted (docs/domains.md).
 *
 * A claim is a reservation, not ownership: until the customer proves control of the zone
 * with the claim's TXT token (and points the name at us), it lapses after the stage's
 * DOMAIN_CLAIM_TTL_DAYS. A lapsed claim no longer blocks anyone, and Verify Domain refuses it.
 *
 * DynamoDB Local has no transactions here, so changes are ordered steps that are safe to
 * repeat: claim first, then the site, then release the old claim. A claim left behind by a
 * crash between steps is recognised as stale (its site does not hold the domain) and given up
 * when someone else asks for the domain.
 */
import { randomBytes } from "node:crypto";
import * as Activities from "../activities/index";
import { type DnsLookups, dnsLookupsFromConfig } from "../adapters/dns";
import type { AddDomainResponse, VerifyDomainResponse } from "../contracts/sites";
import type { DomainClaimItem } from "../db/entities/domain-claim";
import { db, isConditionFailure, isId, type SiteItem } from "../db/service";
import { ConflictError, NotFoundError, UnprocessableError } from "../errors";
import { emit } from "../events/emit";
import { returnClaimPeriod, takeClaimPeriod } from "./domain-periods";
import {
  checkRecords,
  claimExpiry,
  type DomainSettings,
  dnsRecordsFor,
  isClaimExpired,
  isVerified,
  normalizeDomain,
} from "./domain-rules";
import { domainSettingsFromConfig } from "./domain-settings";
import { siteView } from "./view";

export const DOMAIN_ADDED_MESSAGE =
  "Domain successfully added to your site. Configure DNS records below.";
export const DOMAIN_TAKEN_MESSAGE = "This domain is already connected to another site";
export const DOMAIN_CLAIM_EXPIRED_MESSAGE =
  "The time to verify this domain has run out. Add the domain again to get a new TXT record.";
export const DOMAIN_NOT_HELD_MESSAGE =
  "This domain is no longer reserved for this site. Add it again to continue.";

/** A claim younger than this may belong to an add that is still running: never stale. */
const CLAIM_GRACE_MS = 5 * 60 * 1000;

/** 128 random bits as hex: safe in every DNS provider's TXT field, unguessable. */
export function newVerificationToken(): string {
  return randomBytes(16).toString("hex");
}

async function readSite(userId: string, siteId: string): Promise<SiteItem> {
  if (!isId(siteId)) throw new NotFoundError("Site not found");
  const { data } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!data) throw new NotFoundError("Site not found");
  return data;
}

/**
 * A claim stored before claims carried tokens, whose site was verified then: it counts as
 * verified. (Without a token nothing else can prove it.)
 */
function isLegacyVerified(claim: DomainClaimItem, site: SiteItem | null): boolean {
  return (
    !claim.verifiedAt &&
    !claim.token &&
    site?.customDomain === claim.domain &&
    site.domainStatus === "active"
  );
}

/**
 * Deletes `claim` only if it is still exactly that claim: the same holder, the same token and
 * still unverified when it was. A verification or a new claim in between wins.
 */
async function releaseExactly(claim: DomainClaimItem): Promise<boolean> {
  try {
    await db.entities.domainClaim
      .delete({ domain: claim.domain })
      .where((attr, op) =>
        [
          op.eq(attr.userId, claim.userId),
          op.eq(attr.siteId, claim.siteId),
          claim.token ? op.eq(attr.token, claim.token) : op.notExists(attr.token),
          claim.verifiedAt
            ? op.eq(attr.verifiedAt, claim.verifiedAt)
            : op.notExists(attr.verifiedAt),
        ].join(" AND "),
      )
      .go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/**
 * The site that held a lapsed claim lets the domain go: its pending domain fields are removed
 * (only if it still shows that claim) and the customer is told why.
 */
async function forgetLapsedDomain(
  claim: DomainClaimItem,
  site: SiteItem,
  settings: DomainSettings,
) {
  try {
    await db.entities.site
      .patch({ userId: site.userId, siteId: site.siteId })
      .remove([
        "customDomain",
        "domainStatus",
        "domainVerifiedAt",
        "domainToken",
        "domainClaimExpiresAt",
      ])
      .where((attr, op) =>
        [
          op.eq(attr.customDomain, claim.domain),
          op.ne(attr.domainStatus, "active"),
          claim.token ? op.eq(attr.domainToken, claim.token) : op.notExists(attr.domainToken),
        ].join(" AND "),
      )
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return;
  }
  await Activities.record(site.userId, {
    type: "domain_released",
    description: `Custom domain ${claim.domain} was released from ${site.name}: it was not verified within ${settings.claimTtlDays} days`,
    siteId: site.siteId,
  });
}

/**
 * Gives up another site's claim if it no longer holds the domain: its site does not show the
 * domain (a crash between steps), or it was never verified and has lapsed. Answers whether
 * the claim is gone.
 */
async function takeOver(claim: DomainClaimItem, settings: DomainSettings): Promise<boolean> {
  if (Date.now() - Date.parse(claim.createdAt) < CLAIM_GRACE_MS) return false;
  const { data: site } = await db.entities.site
    .get({ userId: claim.userId, siteId: claim.siteId })
    .go({ consistent: true });
  if (site?.customDomain !== claim.domain) return releaseExactly(claim);
  if (isLegacyVerified(claim, site) || !isClaimExpired(claim, Date.now(), settings)) return false;
  if (!(await releaseExactly(claim))) return false;
  await forgetLapsedDomain(claim, site, settings);
  return true;
}

/** A fresh token and expiry on this site's own unverified claim (it lapsed, or predates tokens). */
async function renew(
  claim: DomainClaimItem,
  settings: DomainSettings,
): Promise<DomainClaimItem | null> {
  try {
    const { data } = await db.entities.domainClaim
      .patch({ domain: claim.domain })
      .set({ token: newVerificationToken(), expiresAt: claimExpiry(Date.now(), settings) })
      .where((attr, op) =>
        [
          op.eq(attr.userId, claim.userId),
          op.eq(attr.siteId, claim.siteId),
          op.notExists(attr.verifiedAt),
          claim.token ? op.eq(attr.token, claim.token) : op.notExists(attr.token),
        ].join(" AND "),
      )
      .go({ response: "all_new" });
    return data as DomainClaimItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return null;
  }
}

/** Marks a legacy claim whose site was verified before tokens existed as verified. */
async function markVerified(claim: DomainClaimItem, at: string): Promise<DomainClaimItem | null> {
  try {
    const { data } = await db.entities.domainClaim
      .patch({ domain: claim.domain })
      .set({ verifiedAt: at })
      .remove(["expiresAt"])
      .where((attr, op) =>
        [
          op.eq(attr.userId, claim.userId),
          op.eq(attr.siteId, claim.siteId),
          claim.token ? op.eq(attr.token, claim.token) : op.notExists(attr.token),
        ].join(" AND "),
      )
      .go({ response: "all_new" });
    return data as DomainClaimItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return null;
  }
}

/**
 * Takes the domain for this site and answers its claim. Idempotent for the same site while
 * the claim is verified or still within its time; a lapsed claim of the same site starts a
 * new period with a new token. Each new unverified period counts against the customer's
 * allowance for the domain (domain-periods.ts). A domain held by another site (any customer's) is a
 * ConflictError unless that claim is stale or lapsed.
 */
async function claim(
  domain: string,
  site: SiteItem,
  settings: DomainSettings,
): Promise<DomainClaimItem> {
  const { userId, siteId } = site;
  for (let attempt = 0; attempt < 3; attempt++) {
    // A new unverified period for this customer: counted first, given back if not taken.
    await takeClaimPeriod(domain, userId);
    try {
      const { data } = await db.entities.domainClaim
        .create({
          domain,
          userId,
          siteId,
          token: newVerificationToken(),
          expiresAt: claimExpiry(Date.now(), settings),
        })
        .go();
      return data;
    } catch (error) {
      await returnClaimPeriod(domain, userId);
      if (!isConditionFailure(error)) throw error;
    }
    const { data: holder } = await db.entities.domainClaim.get({ domain }).go({ consistent: true });
    if (!holder) continue; // released in between: try again
    if (holder.userId === userId && holder.siteId === siteId) {
      if (holder.verifiedAt) return holder;
      if (isLegacyVerified(holder, site)) {
        const marked = await markVerified(
          holder,
          site.domainVerifiedAt ?? new Date().toISOString(),
        );
        if (marked) return marked;
        continue;
      }
      if (holder.token && !isClaimExpired(holder, Date.now(), settings)) return holder;
      // Taking up its own lapsed claim again is a new period too (docs/domains.md).
      await takeClaimPeriod(domain, userId);
      const renewed = await renew(holder, settings);
      if (renewed) return renewed;
      await returnClaimPeriod(domain, userId);
      continue;
    }
    if (!(await takeOver(holder, settings))) break;
  }
  throw new ConflictError(DOMAIN_TAKEN_MESSAGE, { domain: DOMAIN_TAKEN_MESSAGE });
}

/** Gives the domain up, but only if this site still holds it (never someone else's claim). */
export async function release(domain: string, userId: string, siteId: string): Promise<void> {
  try {
    await db.entities.domainClaim
      .delete({ domain })
      .where((attr, op) => `${op.eq(attr.userId, userId)} AND ${op.eq(attr.siteId, siteId)}`)
      .go();
  } catch (error) {
    // Already gone, or held by another site now: either way not ours to delete.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Points the site at `rawDomain` (validated and normalised), releasing its previous domain.
 * The new domain starts `pending` until verified. Adding the site's own pending domain again
 * keeps its claim while that is within its time, and renews a lapsed one.
 */
export async function setDomain(
  userId: string,
  site: SiteItem,
  rawDomain: string,
  settings: DomainSettings = domainSettingsFromConfig(),
): Promise<{ site: SiteItem; domain: string; changed: boolean }> {
  const domain = normalizeDomain(rawDomain, settings);
  const held = await claim(domain, site, settings);
  const same = site.customDomain === domain;
  if (
    same &&
    (site.domainStatus === "active" ||
      (site.domainToken === held.token && site.domainClaimExpiresAt === held.expiresAt))
  ) {
    return { site, domain, changed: false };
  }

  let updated: SiteItem;
  try {
    let change = db.entities.site.patch({ userId, siteId: site.siteId }).set({
      customDomain: domain,
      domainStatus: "pending",
      ...(held.token ? { domainToken: held.token } : {}),
      ...(held.expiresAt ? { domainClaimExpiresAt: held.expiresAt } : {}),
    });
    const remove: (
      | "domainVerifiedAt"
      | "domainToken"
      | "domainClaimExpiresAt"
      | "certificateState"
      | "certificateDetail"
    )[] = ["domainVerifiedAt", "certificateState", "certificateDetail"];
    if (!held.token) remove.push("domainToken");
    if (!held.expiresAt) remove.push("domainClaimExpiresAt");
    change = change.remove(remove);
    const { data } = await change.go({ response: "all_new" });
    updated = data as SiteItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The site was deleted meanwhile: the claim must not outlive it.
    await release(domain, userId, site.siteId);
    throw new NotFoundError("Site not found");
  }
  if (site.customDomain && !same) await release(site.customDomain, userId, site.siteId);
  return { site: updated, domain, changed: !same };
}

/** Removes the site's custom domain and gives up its claim. */
export async function clearDomain(userId: string, site: SiteItem): Promise<SiteItem> {
  if (!site.customDomain) return site;
  const { data } = await db.entities.site
    .patch({ userId, siteId: site.siteId })
    .remove([
      "customDomain",
      "domainStatus",
      "domainVerifiedAt",
      "domainToken",
      "domainClaimExpiresAt",
      // The hosting's check takes the domain's tenant down (hosting/custom-domains.ts).
      "certificateState",
      "certificateDetail",
    ])
    .go({ response: "all_new" });
  await release(site.customDomain, userId, site.siteId);
  return data as SiteItem;
}

/** POST /api/sites/{id}/domain */
export async function addDomain(
  userId: string,
  siteId: string,
  rawDomain: string,
  by: string,
): Promise<AddDomainResponse> {
  const settings = domainSettingsFromConfig();
  const current = await readSite(userId, siteId);
  const { site, domain, changed } = await setDomain(userId, current, rawDomain, settings);
  if (changed) {
    await Activities.record(userId, {
      type: "domain_added",
      description: `Custom domain ${domain} added to ${site.name}`,
      siteId,
      actorId: by,
    });
  }
  return {
    success: true,
    message: DOMAIN_ADDED_MESSAGE,
    domain,
    records: dnsRecordsFor(domain, settings, site.domainToken),
    site: await siteView(site),
  };
}

/**
 * POST /api/sites/{id}/verify-domain: asks DNS whether the records are in place. The site's
 * claim must still be its own and, unless verified before, within its time; ownership is the
 * TXT token of that claim, so records a former holder left pointing at us prove nothing.
 */
export async function verifyDomain(
  userId: string,
  siteId: string,
  lookups: DnsLookups = dnsLookupsFromConfig(),
): Promise<VerifyDomainResponse> {
  const settings = domainSettingsFromConfig();
  let site = await readSite(userId, siteId);
  const domain = site.customDomain;
  if (!domain) throw new UnprocessableError("Add a custom domain before verifying it");

  const { data: held } = await db.entities.domainClaim.get({ domain }).go({ consistent: true });
  if (!held || held.userId !== userId || held.siteId !== siteId) {
    throw new ConflictError(DOMAIN_NOT_HELD_MESSAGE, { domain: DOMAIN_NOT_HELD_MESSAGE });
  }
  const owned = Boolean(held.verifiedAt) || isLegacyVerified(held, site);
  if (!owned && (!held.token || isClaimExpired(held, Date.now(), settings))) {
    throw new UnprocessableError(DOMAIN_CLAIM_EXPIRED_MESSAGE, {
      domain: DOMAIN_CLAIM_EXPIRED_MESSAGE,
    });
  }

  const records = dnsRecordsFor(domain, settings, held.token);
  const hostsOf = (types: string[]) => [
    ...new Set(records.filter((r) => types.includes(r.type)).map((r) => r.host)),
  ];
  const pointing = hostsOf(["CNAME", "A"]);
  const ask = (hosts: string[], lookup: (host: string) => Promise<string[]>) =>
    Promise.all(hosts.map(async (h) => [h, await lookup(h)] as const)).then((e) => new Map(e));
  const [cname, a, txt] = await Promise.all([
    ask(pointing, lookups.cname),
    ask(pointing, lookups.a),
    ask(hostsOf(["TXT"]), lookups.txt),
  ]);
  const checks = checkRecords(records, { cname, a, txt });
  const verified = isVerified(domain, checks, owned);

  if (verified && site.domainStatus !== "active") {
    const at = new Date().toISOString();
    // The claim first, and only if it is still the one whose token DNS holds: a claim that
    // lapsed and was taken (or renewed) meanwhile has another token.
    if (!held.verifiedAt && !(await markVerified(held, at))) {
      throw new ConflictError("The site's domain changed while it was being verified");
    }
    try {
      const { data } = await db.entities.site
        .patch({ userId, siteId })
        .set({ domainStatus: "active", domainVerifiedAt: at, sslEnabled: true })
        .remove(["domainClaimExpiresAt"])
        // Only if the domain is still the one we looked up (a concurrent change wins).
        .where((attr, op) => op.eq(attr.customDomain, domain))
        .go({ response: "all_new" });
      site = data as SiteItem;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      throw new ConflictError("The site's domain changed while it was being verified");
    }
    await Activities.record(userId, {
      type: "domain_verified",
      description: `Custom domain ${domain} verified for ${site.name}`,
      siteId,
    });
    await emit({ type: "domain.verified", userId, siteId, siteName: site.name, domain });
  }
  return { verified, domain, records, checks, site: await siteView(site) };
}
