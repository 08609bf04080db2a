/** `npm start`: the local stack on a fixed port, with its data kept between runs. */
import { existsSync } from "node:fs";
import * as z from "zod";
import { startLocalStack } from "./local-stack";

const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default(".data"),
  WEB_DIST: z.string().min(1).optional(),
  /** Comma-separated hosts the screenshot and audit jobs may fetch. */
  OUTBOUND_ALLOW_HOSTS: z.string().default(""),
  /** Minutes between uptime checks of live sites (5 on AWS); 0 turns them off. */
  UPTIME_INTERVAL_MINUTES: z.coerce.number().min(0).default(5),
  /** Minutes between runs of the deletion of sites past their grace period (60 on AWS); 0 = off. */
  SITE_DELETIONS_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  CERTIFICATE_CHECKS_INTERVAL_MINUTES: z.coerce.number().min(0).default(10),
  /** Minutes between starts of the monthly report run (docs/reports.md); 0 = off. */
  MONTHLY_REPORTS_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  /** Days a cancelled customer's suspended sites are kept before deletion (default 7). */
  SITE_GRACE_PERIOD_DAYS: z.string().default(""),
  LOG_REQUESTS: z.enum(["true", "false"]).default("true"),
  /** Custom domains: resolver for verification, and the records customers create. */
  DNS_RESOLVER: z.string().default(""),
  DOMAIN_CNAME_TARGET: z.string().default(""),
  DOMAIN_A_RECORD: z.string().default(""),
  /** Days an unverified domain claim holds its domain (default 7). */
  DOMAIN_CLAIM_TTL_DAYS: z.string().default(""),
});

// Settings from .env (see .env.example); the shell's own variables win.
if (existsSync(".env")) process.loadEnvFile(".env");

const parsed = settingsSchema.safeParse(process.env);
if (!parsed.success) {
  console.error(`Invalid settings:\n${z.prettifyError(parsed.error)}`);
  process.exit(1);
}
const settings = parsed.data;

const stack = await startLocalStack({
  port: settings.PORT,
  host: settings.HOST,
  dataDir: settings.DATA_DIR,
  webDist: settings.WEB_DIST,
  allowOutboundHosts: settings.OUTBOUND_ALLOW_HOSTS.split(",")
    .map((h) => h.trim())
    .filter(Boolean),
  logRequests: settings.LOG_REQUESTS === "true",
  uptimeIntervalMs: settings.UPTIME_INTERVAL_MINUTES * 60_000,
  siteDeletionsIntervalMs: settings.SITE_DELETIONS_INTERVAL_MINUTES * 60_000,
  certificateChecksIntervalMs: settings.CERTIFICATE_CHECKS_INTERVAL_MINUTES * 60_000,
  monthlyReportsIntervalMs: settings.MONTHLY_REPORTS_INTERVAL_MINUTES * 60_000,
  gracePeriodDays: settings.SITE_GRACE_PERIOD_DAYS,
  dns: {
    resolver: settings.DNS_RESOLVER,
    cnameTarget: settings.DOMAIN_CNAME_TARGET,
    aRecord: settings.DOMAIN_A_RECORD,
    claimTtlDays: settings.DOMAIN_CLAIM_TTL_DAYS,
  },
});

console.log(`Portal running at ${stack.url}`);
console.log(`Data in ${settings.DATA_DIR}; press Ctrl-C to stop.`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    // A second Ctrl-C means "now".
    process.exit(130);
  }
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  try {
    await stack.stop();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
