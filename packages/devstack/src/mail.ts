/**
 * Amazon SES, locally: an endpoint speaking SESv2's REST-JSON SendEmail
 * (POST /v2/email/outbound-emails) that relays each message over SMTP to a real SMTP server
 * on 127.0.0.1 (smtp-server), which parses and keeps it; the inbox page at /__devstack/mail
 * shows every mail the product sent. The application code calls SES exactly as on AWS
 * (AWS_ENDPOINT_URL_SESV2 points here). See docs/notifications.md.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { createTransport } from "nodemailer";
import { SMTPServer } from "smtp-server";
import * as z from "zod";
import { FaultSwitch, faultLimits } from "./faults";
import { readBody, sendJson } from "./http-io";
import { close, hostForUrl, listen } from "./net";

/**
 * What the local SES can be made to do (docs/operations.md, "When a dependency fails"):
 * refuse with SESv2's throttling or rejection errors, or accept a mail and then report it
 * bounced (not delivered) or complained about (delivered), as SES's event destination would.
 */
export const sesFaultSchema = faultLimits.extend({
  error: z.enum(["TooManyRequestsException", "MessageRejected", "Bounce", "Complaint"]),
  /** Only mails to this address; omitted: every mail. */
  to: z.email().optional(),
});
export type SesFault = z.infer<typeof sesFaultSchema>;

const REFUSALS = {
  TooManyRequestsException: { status: 429, message: "Maximum sending rate exceeded." },
  MessageRejected: { status: 400, message: "Email address is on the suppression list." },
} as const;

export interface StoredMail {
  id: string;
  receivedAt: string;
  /** The SMTP envelope, as SES would have delivered it. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface LocalMail {
  /** The SESv2 endpoint (AWS_ENDPOINT_URL_SESV2). */
  endpoint: string;
  smtpPort: number;
  messages(): StoredMail[];
  faults: FaultSwitch<SesFault>;
  /** GET /__devstack/mail (HTML list), /__devstack/mail/<id>, /__devstack/mail/messages.json */
  handle(req: IncomingMessage, res: ServerResponse, subPath: string): Promise<void>;
  stop(): Promise<void>;
}

function headerText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "text" in value) return String(value.text);
  if (value && typeof value === "object" && "value" in value) {
    const v = (value as { value: unknown; params?: Record<string, string> }).value;
    return typeof v === "string" ? v : JSON.stringify(v);
  }
  return JSON.stringify(value);
}

async function parse(
  id: string,
  raw: Buffer,
  envelope: StoredMail["envelope"],
  receivedAt: string,
) {
  const parsed = await simpleParser(raw);
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    // The raw header line keeps what was written (List-Unsubscribe's <url> included).
    const [name, ...rest] = line.line.split(":");
    if (name)
      headers[name.trim().toLowerCase()] = rest
        .join(":")
        .replace(/\r?\n\s+/g, " ")
        .trim();
  }
  for (const [name, value] of parsed.headers) headers[name] ??= headerText(value);
  return {
    id,
    receivedAt,
    envelope,
    from: parsed.from?.text ?? "",
    to: Array.isArray(parsed.to)
      ? parsed.to.map((a) => a.text).join(", ")
      : (parsed.to?.text ?? ""),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    headers,
  } satisfies StoredMail;
}

/** A record of SES's event publishing (configuration set → SNS, raw delivery). */
export type SesFeedbackEvent = Record<string, unknown>;

export async function startMail(options: {
  host: string;
  dir: string;
  /** Where bounces and complaints go, as SES publishes them to the configuration set's topic. */
  onFeedback?: (event: SesFeedbackEvent) => void;
}): Promise<LocalMail> {
  const faults = new FaultSwitch<SesFault>();
  const mails: StoredMail[] = [];
  await mkdir(options.dir, { recursive: true });
  // Kept as .eml files with their envelope beside them, so the inbox survives a restart.
  for (const file of (await readdir(options.dir)).filter((f) => f.endsWith(".eml")).sort()) {
    const id = file.slice(0, -4);
    try {
      const raw = await readFile(path.join(options.dir, file));
      const meta = JSON.parse(await readFile(path.join(options.dir, `${id}.json`), "utf8"));
      mails.push(await parse(id, raw, meta.envelope, meta.receivedAt));
    } catch {
      // A half-written message from a crash: skipped.
    }
  }

  const smtp = new SMTPServer({
    // Local only: no TLS, no authentication, one machine's loopback.
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    banner: "portal local SES inbox",
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const receivedAt = new Date().toISOString();
        const id = `${receivedAt.replace(/[-:.TZ]/g, "")}-${randomUUID().slice(0, 8)}`;
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        void (async () => {
          await writeFile(path.join(options.dir, `${id}.eml`), raw);
          await writeFile(
            path.join(options.dir, `${id}.json`),
            JSON.stringify({ envelope, receivedAt }),
          );
          mails.push(await parse(id, raw, envelope, receivedAt));
        })().then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(0, options.host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const relay = createTransport({
    host: options.host,
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });

  /** SESv2 SendEmail with Raw content: the one call the mailer makes. */
  async function handleSes(req: IncomingMessage, res: ServerResponse) {
    const fail = (status: number, type: string, message: string) => {
      res.writeHead(status, { "content-type": "application/json", "x-amzn-errortype": type });
      res.end(JSON.stringify({ message }));
    };
    const url = new URL(req.url ?? "/", "http://local");
    if (req.method !== "POST" || url.pathname !== "/v2/email/outbound-emails") {
      return fail(
        404,
        "NotFoundException",
        `The local SES endpoint does not serve ${req.method} ${url.pathname}`,
      );
    }
    let input: {
      FromEmailAddress?: string;
      Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
      Content?: { Raw?: { Data?: string } };
    };
    try {
      input = JSON.parse((await readBody(req)).toString("utf8"));
    } catch {
      return fail(400, "BadRequestException", "The request body is not JSON");
    }
    const data = input.Content?.Raw?.Data;
    if (!data) {
      return fail(400, "BadRequestException", "The local SES endpoint takes Raw content only");
    }
    const raw = Buffer.from(data, "base64");
    const to = [
      ...(input.Destination?.ToAddresses ?? []),
      ...(input.Destination?.CcAddresses ?? []),
      ...(input.Destination?.BccAddresses ?? []),
    ];
    if (to.length === 0) return fail(400, "BadRequestException", "No recipient");
    const from =
      /<([^>]+)>/.exec(input.FromEmailAddress ?? "")?.[1] ?? input.FromEmailAddress ?? "";
    const fault = faults.take((rule) => !rule.to || to.includes(rule.to));
    if (
      fault &&
      (fault.error === "TooManyRequestsException" || fault.error === "MessageRejected")
    ) {
      const refusal = REFUSALS[fault.error];
      return fail(refusal.status, fault.error, refusal.message);
    }
    let messageId = `local-bounced-${randomUUID()}`;
    // A bounce never reaches an inbox; a complaint comes from someone who got the mail.
    if (fault?.error !== "Bounce") {
      const info = await relay.sendMail({ envelope: { from, to }, raw });
      messageId = `local-${String(info.messageId ?? randomUUID()).replace(/[<>]/g, "")}`;
    }
    if (fault) {
      const kind = fault.error === "Bounce" ? "Bounce" : "Complaint";
      setImmediate(() => options.onFeedback?.(feedbackEvent(kind, to, messageId)));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ MessageId: messageId }));
  }

  const server = createServer((req, res) => {
    handleSes(req, res).catch((error) => {
      if (!res.headersSent) {
        res.writeHead(500, {
          "content-type": "application/json",
          "x-amzn-errortype": "InternalFailure",
        });
        res.end(JSON.stringify({ message: String(error) }));
      }
    });
  });
  const port = await listen(server, 0, options.host);

  async function handle(req: IncomingMessage, res: ServerResponse, subPath: string) {
    if (req.method !== "GET")
      return sendJson(res, 405, { error: { code: "method_not_allowed", message: "Use GET" } });
    if (subPath === "/messages.json") return sendJson(res, 200, { messages: mails });
    if (subPath === "/" || subPath === "") return sendHtml(res, 200, inboxPage(mails));
    const id = decodeURIComponent(subPath.slice(1));
    const mail = mails.find((m) => m.id === id);
    if (!mail) return sendHtml(res, 404, page("Not found", "<p>No such message.</p>"));
    return sendHtml(res, 200, messagePage(mail));
  }

  return {
    endpoint: `http://${hostForUrl(options.host)}:${port}`,
    smtpPort,
    messages: () => [...mails],
    faults,
    handle,
    async stop() {
      relay.close();
      await close(server);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** SES's event-publishing record of a bounce or complaint, as its SNS topic delivers it. */
function feedbackEvent(kind: "Bounce" | "Complaint", to: string[], messageId: string) {
  const timestamp = new Date().toISOString();
  const mail = { messageId, timestamp, destination: to };
  const recipients = to.map((emailAddress) => ({ emailAddress }));
  return kind === "Bounce"
    ? {
        eventType: "Bounce",
        mail,
        bounce: {
          bounceType: "Permanent",
          bounceSubType: "General",
          bouncedRecipients: to.map((emailAddress) => ({
            emailAddress,
            diagnosticCode: "smtp; 550 5.1.1 user unknown",
          })),
          timestamp,
        },
      }
    : {
        eventType: "Complaint",
        mail,
        complaint: { complainedRecipients: recipients, complaintFeedbackType: "abuse", timestamp },
      };
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    // A mail's HTML is shown in a sandboxed frame: no script of a mail ever runs.
    "content-security-policy":
      "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; frame-ancestors 'self'",
  });
  res.end(html);
}

const esc = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:960px;margin:0 auto;padding:24px}h1{font-size:20px;color:#4338ca}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e4e4e7;border-radius:8px}
td,th{padding:8px 12px;border-bottom:1px solid #e4e4e7;text-align:left;font-size:14px}
a{color:#4338ca}pre{white-space:pre-wrap;background:#fff;border:1px solid #e4e4e7;padding:12px;border-radius:8px}
iframe{width:100%;height:640px;border:1px solid #e4e4e7;border-radius:8px;background:#fff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;font-size:14px}dt{font-weight:600}</style>
</head><body><main>${body}</main></body></html>`;
}

function inboxPage(mails: StoredMail[]) {
  const rows = [...mails]
    .reverse()
    .map(
      (m) =>
        `<tr><td>${esc(m.receivedAt.replace("T", " ").slice(0, 19))}</td><td>${esc(m.to)}</td><td><a href="/__devstack/mail/${encodeURIComponent(m.id)}">${esc(m.subject || "(no subject)")}</a></td></tr>`,
    )
    .join("");
  return page(
    "Local inbox",
    `<h1>Local inbox: every mail the portal sent (${mails.length})</h1>
<p>Mails go to Amazon SES in production; locally they land here, through a real SMTP server.</p>
${mails.length ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No mail yet.</p>"}`,
  );
}

function messagePage(mail: StoredMail) {
  const shown = [
    "from",
    "to",
    "subject",
    "date",
    "list-unsubscribe",
    "list-unsubscribe-post",
    "x-portal-event-id",
  ];
  const headers = shown
    .filter((h) => mail.headers[h])
    .map((h) => `<dt>${esc(h)}</dt><dd>${esc(mail.headers[h] ?? "")}</dd>`)
    .join("");
  return page(
    mail.subject,
    `<p><a href="/__devstack/mail">← Inbox</a></p><h1>${esc(mail.subject)}</h1><dl>${headers}</dl>
<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="HTML part" srcdoc="${esc(`<base target="_blank">${mail.html}`)}"></iframe>
<h2>Plain text</h2><pre>${esc(mail.text)}</pre>`,
  );
}
