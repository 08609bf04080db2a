/**
 * One webhook POST through the outbound guard (docs/developer-api.md, docs/security.md): the
 * URL must be written as an https address, every address its host resolves to must be public
 * (checked on the socket's own lookup), and redirects are never followed: a 3xx is a failed
 * delivery, so no answer can send the delivery inward. The attempt has one overall deadline
 * (POST_DEADLINE_MS), not an idle timeout, so a receiver cannot stretch it by trickling bytes.
 */
import https from "node:https";
import { guardedLookup } from "../adapters/guarded-lookup";
import { OUTBOUND_MESSAGES, parseOutboundUrl, preconnectCheck } from "../adapters/outbound-guard";
import { POST_DEADLINE_MS } from "./sender-limits";

/** How much of the receiver's answer the delivery log keeps. */
export const RESPONSE_BODY_LIMIT = 1024;

export interface PostResult {
  ok: boolean;
  status?: number;
  /** The first RESPONSE_BODY_LIMIT bytes of the answer, as text. */
  body?: string;
  durationMs: number;
  /** Why it failed, in words a customer can read. */
  error?: string;
}

export interface PostOptions {
  /** Config.OUTBOUND_ALLOW_HOSTS: empty in production; tests name their 127.0.0.1 receiver. */
  allowHosts?: readonly string[];
  /** The overall deadline; POST_DEADLINE_MS unless a test shortens it. */
  deadlineMs?: number;
}

function reason(error: unknown): string {
  const err = error as NodeJS.ErrnoException;
  if (err?.code === "ECONNREFUSED") return "The endpoint refused the connection";
  if (err?.code === "ECONNRESET") return "The endpoint closed the connection";
  if (err?.code === "ENOTFOUND") return OUTBOUND_MESSAGES.unresolved;
  if (err?.code === "CERT_HAS_EXPIRED") return "The endpoint's certificate has expired";
  if (err?.code === "DEPTH_ZERO_SELF_SIGNED_CERT" || err?.code === "SELF_SIGNED_CERT_IN_CHAIN") {
    return "The endpoint's certificate is not trusted";
  }
  return err?.message ?? String(error);
}

/** The failure an attempt past its deadline is logged with. */
export function deadlineMessage(deadlineMs: number): string {
  return `No complete answer within ${deadlineMs / 1000} seconds`;
}

export async function postWebhook(
  address: string,
  headers: Record<string, string>,
  body: string,
  opts: PostOptions = {},
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = parseOutboundUrl(address);
  } catch (error) {
    return { ok: false, durationMs: 0, error: reason(error) };
  }
  if (url.protocol !== "https:")
    return { ok: false, durationMs: 0, error: "Only https:// endpoints receive webhooks" };
  const { allowlisted, blockedLiteral } = preconnectCheck(url, opts.allowHosts ?? []);
  if (blockedLiteral) {
    return { ok: false, durationMs: 0, error: OUTBOUND_MESSAGES.notPublic };
  }
  const deadlineMs = opts.deadlineMs ?? POST_DEADLINE_MS;
  return new Promise((done) => {
    let settled = false;
    // The deadline covers everything up to the answer's last byte, however slowly it comes.
    const deadline = setTimeout(() => {
      resolve({ ok: false, durationMs: elapsed(), error: deadlineMessage(deadlineMs) });
      request.destroy();
    }, deadlineMs);
    // The first outcome wins: an answer, an error, or the deadline (then nothing else counts).
    const resolve = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      done(result);
    };
    const request = https.request(url, {
      method: "POST",
      lookup: guardedLookup(allowlisted),
      agent: false,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "SitePortal-Webhooks/1.0",
      },
      // Production verifies every certificate; only a host a developer allowlisted (a test
      // receiver with a self-signed certificate) is let through unverified.
      rejectUnauthorized: !allowlisted,
    });
    request.once("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString("utf8");
        const ok = status >= 200 && status < 300;
        resolve({
          ok,
          status,
          body: text,
          durationMs: elapsed(),
          ...(ok
            ? {}
            : {
                error:
                  status >= 300 && status < 400
                    ? `The endpoint answered ${status}: redirects are not followed`
                    : `The endpoint answered ${status}`,
              }),
        });
      };
      response.on("data", (chunk: Buffer) => {
        if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest of a large answer is not ours to download.
        if (size >= RESPONSE_BODY_LIMIT) response.destroy();
      });
      response.once("end", finish);
      response.once("close", finish);
      response.once("error", finish);
    });
    request.once("error", (error) =>
      resolve({ ok: false, durationMs: elapsed(), error: reason(error) }),
    );
    request.end(body);
  });
}
