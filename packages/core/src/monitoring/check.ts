/**
 * One uptime check of one live site (docs/monitoring.md): an HTTP GET of its address through
 * the outbound guard, timed, and for https the expiry date of the certificate the server
 * presents. Redirects are not followed: a 3xx answer means the server is up.
 *
 * The whole check (lookup, connect, TLS, request, answer) has one deadline that a server
 * pacing its bytes cannot stretch (docs/monitoring.md, "Checks"): idle timeouts alone let a
 * server that sends a byte every few seconds hold a worker of the run until its Lambda dies.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import tls from "node:tls";
import ipaddr from "ipaddr.js";
import { guardedLookup } from "../adapters/guarded-lookup";
import { parseOutboundUrl, preconnectCheck } from "../adapters/outbound-guard";

export interface CheckResult {
  ok: boolean;
  /** HTTP status, when the server answered. */
  status?: number;
  /** Milliseconds from the start of the request to the response's headers (or the failure). */
  responseMs: number;
  /** Why the check failed, in words a customer can read. */
  error?: string;
  /** For https: when the presented certificate stops being valid (ISO), even an invalid one. */
  certExpiresAt?: string;
}

export interface CheckOptions {
  /** Hosts the outbound guard lets through (Config.OUTBOUND_ALLOW_HOSTS; empty in production). */
  allowHosts?: readonly string[];
  /**
   * The whole check's deadline, from the lookup to the answer's last byte read; a site slower
   * than this is down for its visitors too.
   */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** The failure a check past its deadline is recorded with. */
export function deadlineMessage(deadlineMs: number): string {
  return `No complete answer within ${deadlineMs / 1000} seconds`;
}

interface PeerCertificate {
  validTo?: string;
  authorized: boolean;
  error?: Error;
}

/**
 * Reads the certificate a TLS server presents, whether or not it verifies. Nothing is sent on
 * this connection: it only looks at the handshake, and tells whether the chain verified.
 */
function inspectCertificate(
  url: URL,
  lookup: LookupFunction,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<PeerCertificate> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      servername: ipaddr.isValid(host) ? undefined : host,
      lookup,
      // Verification is read from socket.authorized below; this connection carries no data.
      rejectUnauthorized: false,
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("timed out")));
    signal.addEventListener("abort", () => socket.destroy(new Error("timed out")), { once: true });
    socket.once("secureConnect", () => {
      const cert = socket.getPeerCertificate();
      let error: Error | undefined = socket.authorizationError
        ? (socket.authorizationError as Error)
        : undefined;
      if (!error) error = tls.checkServerIdentity(host, cert);
      resolve({ validTo: cert?.valid_to, authorized: !error, error });
      socket.end();
    });
    socket.on("error", reject);
  });
}

const TLS_REASONS: Record<string, string> = {
  CERT_HAS_EXPIRED: "The certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "The certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "The certificate chain is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "The certificate chain is incomplete",
};

function reason(error: unknown): string {
  const err = error as NodeJS.ErrnoException;
  if (err?.code && TLS_REASONS[err.code]) return TLS_REASONS[err.code] as string;
  if (err?.code === "ECONNREFUSED") return "The server refused the connection";
  if (err?.code === "ECONNRESET") return "The server closed the connection";
  if (err?.code === "ENOTFOUND") return "This host name could not be resolved";
  if (err?.message === "timed out") return "No answer within the time limit";
  return TLS_REASONS[err?.message ?? ""] ?? err?.message ?? String(error);
}

function get(
  url: URL,
  lookup: LookupFunction,
  timeoutMs: number,
  allowlisted: boolean,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "GET",
      lookup,
      agent: false,
      headers: { "user-agent": "SitePortal-Uptime/1.0", accept: "text/html,*/*" },
      // Production verifies every certificate; only a host a developer allowlisted (a test
      // server with a self-signed certificate) is let through unverified.
      rejectUnauthorized: !allowlisted,
      signal,
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error("timed out")));
    request.once("response", (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      response.destroy();
    });
    request.on("error", reject);
    request.end();
  });
}

export async function checkSite(address: string, opts: CheckOptions = {}): Promise<CheckResult> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = performance.now();
  const found: { certExpiresAt?: string } = {};
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // The first outcome wins: the check's own, or the deadline (which then cuts every socket).
  const deadline = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({
        ok: false,
        responseMs: Math.round(performance.now() - started),
        error: deadlineMessage(timeoutMs),
        ...found,
      });
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      check(address, opts, timeoutMs, controller.signal, found),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
    // Nothing of a finished check stays open.
    controller.abort();
  }
}

async function check(
  address: string,
  opts: CheckOptions,
  timeoutMs: number,
  signal: AbortSignal,
  found: { certExpiresAt?: string },
): Promise<CheckResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = parseOutboundUrl(address);
  } catch (error) {
    return { ok: false, responseMs: 0, error: reason(error) };
  }
  const { allowlisted, blockedLiteral } = preconnectCheck(url, opts.allowHosts ?? []);
  if (blockedLiteral) {
    return { ok: false, responseMs: 0, error: "This address is not reachable from our servers" };
  }
  const lookup = guardedLookup(allowlisted);

  let certExpiresAt: string | undefined;
  if (url.protocol === "https:") {
    try {
      const cert = await inspectCertificate(url, lookup, timeoutMs, signal);
      if (cert.validTo) certExpiresAt = new Date(cert.validTo).toISOString();
      if (certExpiresAt) found.certExpiresAt = certExpiresAt;
      if (!cert.authorized && !allowlisted) {
        return { ok: false, responseMs: elapsed(), error: reason(cert.error), certExpiresAt };
      }
    } catch (error) {
      return { ok: false, responseMs: elapsed(), error: reason(error) };
    }
  }

  const requestStarted = performance.now();
  try {
    const status = await get(url, lookup, timeoutMs, allowlisted, signal);
    const responseMs = Math.round(performance.now() - requestStarted);
    const ok = status >= 200 && status < 400;
    return {
      ok,
      status,
      responseMs,
      ...(ok ? {} : { error: `The server answered ${status}` }),
      ...(certExpiresAt ? { certExpiresAt } : {}),
    };
  } catch (error) {
    return {
      ok: false,
      responseMs: Math.round(performance.now() - requestStarted),
      error: reason(error),
      ...(certExpiresAt ? { certExpiresAt } : {}),
    };
  }
}
