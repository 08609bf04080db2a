/**
 * The stand-ins the local stack runs beside the HTTP adapter, one per production service.
 * Each starts, says which env vars the handlers need to reach it, may serve a path prefix on
 * the stack's origin, and stops.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import {
  type ConsumedQueueId,
  QUEUE_CONSUMERS,
  visibilityTimeoutSeconds,
} from "@portal/functions/queue-consumers";
import { createDevIdentity, type DevIdentity } from "./dev-identity";
import { ADMIN_TOKEN_FILE, devIdentityDir } from "./dev-identity-store";
import { dynamoFaultSchema, ensureTable, startDynamo } from "./dynamodb";
import { faultControl } from "./faults";
import { sendJson } from "./http-io";
import type { HandlerLoader } from "./lambda-runtime";
import { type LocalMail, sesFaultSchema, startMail } from "./mail";
import { LocalQueue, type QueueOptions } from "./queue";
import { startS3 } from "./s3";
import { startSqsEndpoint } from "./sqs-endpoint";

export interface ServiceContext {
  host: string;
  /** Where services persist their state. */
  dataDir: string;
  /** True when dataDir is a throwaway folder: services may keep their state in memory. */
  ephemeral: boolean;
  /** The stack's own origins, the first being the one printed. */
  origins: string[];
  /** Names the resources carry, as SST would name them for stage "local". */
  names: {
    table: string;
    bucket: string;
    queue: string;
    events: string;
    pageViews: string;
    webhooks: string;
    /** The browser function the jobs worker invokes (browser-process.ts). */
    browser: string;
    privacyJobs: string;
    /** The customers' sites' bucket (docs/hosting.md) and its Deployments queue. */
    hosting: string;
    deployments: string;
  };
  loader: HandlerLoader;
}

export interface Mount {
  /** Path prefix on the stack's origin, e.g. "/dev-identity". */
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): Promise<void>;
  /** An AWS API stand-in: takes SigV4-signed bodies of any type (local-stack.ts controlRefusal). */
  signedRequests?: true;
}

export interface RunningService {
  env?: Record<string, string>;
  mount?: Mount;
  stop?(): Promise<void>;
}

export interface LocalService {
  name: string;
  start(context: ServiceContext): Promise<RunningService>;
}

export const dynamoService: LocalService = {
  name: "dynamodb",
  async start({ host, dataDir, ephemeral, names }) {
    const dynamo = await startDynamo({
      host,
      dir: ephemeral ? undefined : path.join(dataDir, "dynamodb"),
    });
    await ensureTable(dynamo.directEndpoint, names.table);
    return {
      env: { AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint, SST_Table_tableName_Main: names.table },
      // Throttling on request (docs/operations.md, "When a dependency fails").
      mount: {
        prefix: "/__devstack/faults/dynamodb",
        handle: faultControl(dynamo.faults, dynamoFaultSchema),
      },
      stop: dynamo.stop,
    };
  },
};

export const s3Service: LocalService = {
  name: "s3",
  async start({ host, dataDir, names, origins }) {
    const s3 = await startS3({
      host,
      dir: path.join(dataDir, "s3"),
      buckets: [names.bucket, names.hosting],
      uploadOrigins: origins,
    });
    return {
      env: {
        AWS_ENDPOINT_URL_S3: s3.endpoint,
        SST_Bucket_bucketName_Screenshots: names.bucket,
        SST_Bucket_bucketName_Hosting: names.hosting,
        // s3rver serves buckets as paths, not as subdomains.
        SST_Parameter_value_S3_FORCE_PATH_STYLE: "true",
      },
      stop: s3.stop,
    };
  },
};

/** A queue the service's start() has made, or a clear error when asked for one too early. */
function started(queue: LocalQueue | undefined, name: string): LocalQueue {
  if (!queue) throw new Error(`The ${name} queue has not started`);
  return queue;
}

/** What a test may change in the local queues (the rest is as in production). */
export interface LocalQueueSettings {
  visibilityTimeoutMs?: number;
  maxReceiveCount?: number;
  /** The page-views batching window; production's (the consumer table's) by default. */
  pageViewsBatchWindowMs?: number;
  msPerDelaySecond?: number;
}

/**
 * A local queue as the consumer table (packages/functions/src/queue-consumers.ts) sets up its
 * production twin: the same handler, batch size, batching window and receives. Two differences,
 * on purpose: the visibility timeout is SQS's default 30 s unless a test sets it (production's
 * is six times the consumer's timeout, minutes a crashed job would wait here), and one consumer
 * runs at a time, except the webhook sender, whose fair sharing depends on how many run at once
 * (docs/developer-api.md, "Fair sharing and limits"). `maxReceiveCount` overrides the table's,
 * except for page views, which are never received twice (docs/analytics.md).
 */
export function localQueueOptions(
  queueId: ConsumedQueueId,
  options: LocalQueueSettings = {},
): Omit<QueueOptions, "name" | "consumer"> & { handler: string } {
  const consumer = QUEUE_CONSUMERS[queueId];
  const batchWindowSeconds = "batchWindowSeconds" in consumer ? consumer.batchWindowSeconds : 0;
  return {
    handler: consumer.handler,
    // Page views take production's timeout, not SQS's default 30 s: with one receive only, a
    // batch still being counted after 30 s under load was dead-lettered as well as counted.
    visibilityTimeoutMs:
      queueId === "PageViews"
        ? (options.visibilityTimeoutMs ?? visibilityTimeoutSeconds(consumer) * 1000)
        : options.visibilityTimeoutMs,
    maxReceiveCount:
      queueId === "PageViews"
        ? consumer.maxReceiveCount
        : (options.maxReceiveCount ?? consumer.maxReceiveCount),
    batchSize: consumer.batchSize,
    batchWindowMs:
      queueId === "PageViews"
        ? (options.pageViewsBatchWindowMs ?? batchWindowSeconds * 1000)
        : batchWindowSeconds * 1000,
    ...(queueId === "WebhookDeliveries"
      ? { maxConcurrency: consumer.maxConcurrency, msPerDelaySecond: options.msPerDelaySecond }
      : {}),
  };
}

/**
 * The queues behind one SQS endpoint (the SDK takes one AWS_ENDPOINT_URL_SQS): the jobs queue
 * feeding the audit worker, the domain events queue feeding the notifications consumer
 * (stacks/Events.ts), the page-views queue feeding the page-views consumer in batches
 * (stacks/Analytics.ts), and the webhook deliveries queue feeding the sender (stacks/Events.ts). GET /__devstack/queue, /__devstack/events and /__devstack/page-views
 * show them.
 */
export function jobsQueueService(options: LocalQueueSettings) {
  let queue: LocalQueue | undefined;
  let eventsQueue: LocalQueue | undefined;
  let pageViewsQueue: LocalQueue | undefined;
  let webhooksQueue: LocalQueue | undefined;
  let privacyJobsQueue: LocalQueue | undefined;
  let deploymentsQueue: LocalQueue | undefined;
  const service: LocalService & {
    queue(): LocalQueue;
    events(): LocalQueue;
    pageViews(): LocalQueue;
    webhooks(): LocalQueue;
    privacyJobs(): LocalQueue;
    deployments(): LocalQueue;
    resume(): void;
  } = {
    name: "jobs-queue",
    queue: () => started(queue, "jobs"),
    events: () => started(eventsQueue, "events"),
    pageViews: () => started(pageViewsQueue, "page-views"),
    webhooks: () => started(webhooksQueue, "webhook deliveries"),
    privacyJobs: () => started(privacyJobsQueue, "privacy jobs"),
    deployments: () => started(deploymentsQueue, "deployments"),
    // Delivers what a previous run on this data folder left queued (queue-journal.ts).
    resume: () => {
      for (const q of [
        queue,
        eventsQueue,
        pageViewsQueue,
        webhooksQueue,
        privacyJobsQueue,
        deploymentsQueue,
      ]) {
        q?.resume();
      }
    },
    async start({ host, names, loader, dataDir, ephemeral }) {
      // Kept in the data folder as SQS keeps them (docs/development.md "Restarts").
      const journalDir = ephemeral ? undefined : path.join(dataDir, "queues");
      // Each consumer is loaded on its first message, after the stack has set the handlers' env.
      const localQueue = (queueId: ConsumedQueueId, name: string) => {
        const { handler, ...settings } = localQueueOptions(queueId, options);
        return new LocalQueue({
          name,
          journalDir,
          consumer: (event) => loader.invoke(handler, event),
          ...settings,
        });
      };
      const jobs = localQueue("Jobs", names.queue);
      queue = jobs;
      const events = localQueue("Events", names.events);
      eventsQueue = events;
      const pageViews = localQueue("PageViews", names.pageViews);
      pageViewsQueue = pageViews;
      const webhooks = localQueue("WebhookDeliveries", names.webhooks);
      webhooksQueue = webhooks;
      // Data exports and account deletions (stacks/Privacy.ts, docs/privacy.md).
      const privacyJobs = localQueue("PrivacyJobs", names.privacyJobs);
      privacyJobsQueue = privacyJobs;
      // Hosted sites' deployments (docs/hosting.md "Queue and worker").
      const deployments = localQueue("Deployments", names.deployments);
      deploymentsQueue = deployments;
      const sqs = await startSqsEndpoint({
        host,
        queues: [jobs, events, pageViews, webhooks, privacyJobs, deployments],
      });
      return {
        env: {
          AWS_ENDPOINT_URL_SQS: sqs.endpoint,
          SST_Queue_queueUrl_Jobs: sqs.queueUrl(jobs.name),
          SST_Queue_queueUrl_Events: sqs.queueUrl(events.name),
          SST_Queue_queueUrl_PageViews: sqs.queueUrl(pageViews.name),
          SST_Queue_queueUrl_WebhookDeliveries: sqs.queueUrl(webhooks.name),
          SST_Queue_queueUrl_PrivacyJobs: sqs.queueUrl(privacyJobs.name),
          SST_Queue_queueUrl_Deployments: sqs.queueUrl(deployments.name),
        },
        mount: {
          prefix: "/__devstack",
          async handle(req, res, subPath) {
            if (req.method === "GET" && subPath === "/queue")
              return sendJson(res, 200, jobs.state());
            if (req.method === "GET" && subPath === "/events")
              return sendJson(res, 200, events.state());
            if (req.method === "GET" && subPath === "/page-views")
              return sendJson(res, 200, pageViews.state());
            if (req.method === "GET" && subPath === "/webhooks")
              return sendJson(res, 200, webhooks.state());
            if (req.method === "GET" && subPath === "/privacy-jobs")
              return sendJson(res, 200, privacyJobs.state());
            if (req.method === "GET" && subPath === "/deployments")
              return sendJson(res, 200, deployments.state());
            sendJson(res, 404, { error: { code: "not_found", message: "Not found" } });
          },
        },
        async stop() {
          await jobs.stop();
          await events.stop();
          await pageViews.stop();
          await webhooks.stop();
          await privacyJobs.stop();
          await deployments.stop();
          await sqs.stop();
        },
      };
    },
  };
  return service;
}

/**
 * The development identity provider (Clerk's stand-in), with its Backend API and signed
 * webhooks (dev-identity-backend.ts): the API deletes identities through it with
 * CLERK_SECRET_KEY at CLERK_API_URL, and it posts `user.*` events to the API's
 * /api/webhooks/clerk signed with CLERK_WEBHOOK_SECRET. Both secrets are made once per data
 * folder, as Clerk's dashboard would issue them.
 */
export function devIdentityService() {
  let identity: DevIdentity | undefined;
  const service: LocalService & { webhooksIdle(): Promise<void> } = {
    name: "dev-identity",
    webhooksIdle: () => identity?.webhooksIdle() ?? Promise.resolve(),
    async start({ dataDir, origins }) {
      const dir = devIdentityDir(dataDir);
      // Written where `npm run staff` finds it: only this machine's user can make staff.
      const adminToken = randomBytes(24).toString("base64url");
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, ADMIN_TOKEN_FILE), adminToken, { mode: 0o600 });
      const file = path.join(dir, "backend-secrets.json");
      let secrets: { secretKey: string; webhookSecret: string };
      try {
        secrets = JSON.parse(await readFile(file, "utf8"));
      } catch {
        secrets = {
          secretKey: `sk_test_dev_${randomBytes(24).toString("base64url")}`,
          webhookSecret: `whsec_${randomBytes(24).toString("base64")}`,
        };
        await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
      }
      const [origin = ""] = origins;
      identity = await createDevIdentity({
        dir,
        origins,
        adminToken,
        backendApi: {
          secretKey: secrets.secretKey,
          webhook: { url: `${origin}/api/webhooks/clerk`, secret: secrets.webhookSecret },
        },
      });
      return {
        env: {
          SST_Secret_value_CLERK_JWT_KEY: identity.publicKeyPem,
          SST_Parameter_value_CLERK_AUTHORIZED_PARTIES: origins.join(","),
          // The dev provider sets no `aud`; Clerk's tokens have none either unless configured.
          SST_Parameter_value_CLERK_AUDIENCE: "",
          // Its tokens carry this `iss`, as Clerk's carry the instance's Frontend API URL.
          SST_Parameter_value_CLERK_ISSUER: identity.issuer,
          SST_Parameter_value_CLERK_API_URL: `${origin}/dev-identity`,
          SST_Secret_value_CLERK_SECRET_KEY: secrets.secretKey,
          SST_Secret_value_CLERK_WEBHOOK_SECRET: secrets.webhookSecret,
          DEV_IDENTITY_ADMIN_TOKEN: adminToken,
        },
        mount: { prefix: "/dev-identity", handle: identity.handle },
      };
    },
  };
  return service;
}

/**
 * Stripe secrets for this data folder, made once: the webhook signing secret the webhook
 * handler checks (and whoever signs local deliveries uses), and an API key in Stripe's test
 * format. Nothing here reaches Stripe: the emulator, when it joins, answers that key.
 */
export const stripeSecretsService: LocalService = {
  name: "stripe-secrets",
  async start({ dataDir }) {
    const file = path.join(dataDir, "stripe-secrets.json");
    let secrets: { webhookSecret: string; secretKey: string };
    try {
      secrets = JSON.parse(await readFile(file, "utf8"));
    } catch {
      secrets = {
        webhookSecret: `whsec_${randomBytes(24).toString("base64url")}`,
        secretKey: `sk_test_local_${randomBytes(24).toString("base64url")}`,
      };
      await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    }
    return {
      env: {
        SST_Secret_value_STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
        SST_Secret_value_STRIPE_SECRET_KEY: secrets.secretKey,
      },
    };
  },
};

/**
 * The key of the daily visitor-hash salt (page-view analytics), made once per data folder so
 * that visitors keep being counted once per day across restarts of `npm start`.
 */
export const analyticsSecretService: LocalService = {
  name: "analytics-secret",
  async start({ dataDir }) {
    const file = path.join(dataDir, "analytics-salt-key");
    let key: string;
    try {
      key = (await readFile(file, "utf8")).trim();
    } catch {
      key = randomBytes(32).toString("base64url");
      await writeFile(file, key, { mode: 0o600 });
    }
    return { env: { SST_Secret_value_ANALYTICS_SALT_KEY: key } };
  },
};

/**
 * SES: the SESv2 stand-in, its SMTP inbox and the inbox page (mail.ts), the mail settings the
 * handlers read, and the key that signs unsubscribe links, made once per data folder.
 */
export function mailService() {
  let mail: LocalMail | undefined;
  let feedback: LocalQueue | undefined;
  const service: LocalService & { mail(): LocalMail; feedback(): LocalQueue } = {
    name: "mail",
    mail() {
      if (!mail) throw new Error("The mail service has not started");
      return mail;
    },
    feedback: () => started(feedback, "mail feedback"),
    async start({ host, dataDir, loader }) {
      const file = path.join(dataDir, "unsubscribe-key");
      let key: string;
      try {
        key = (await readFile(file, "utf8")).trim();
      } catch {
        key = randomBytes(32).toString("base64url");
        await writeFile(file, key, { mode: 0o600 });
      }
      // SES's event destination: bounces and complaints reach the same consumer as on AWS,
      // through a queue as the configuration set's topic feeds one (stacks/mail-feedback.ts).
      const { handler, ...settings } = localQueueOptions("MailFeedback");
      feedback = new LocalQueue({
        name: "MailFeedback",
        consumer: (event) => loader.invoke(handler, event),
        ...settings,
      });
      const feedbackQueue = feedback;
      const started = await startMail({
        host,
        dir: path.join(dataDir, "mail"),
        onFeedback: (event) => feedbackQueue.send(JSON.stringify(event)),
      });
      mail = started;
      return {
        env: {
          AWS_ENDPOINT_URL_SESV2: started.endpoint,
          SST_Parameter_value_MAIL_FROM: "Site Portal <notifications@portal.localhost>",
          SST_Parameter_value_SES_CONFIGURATION_SET: "",
          SST_Parameter_value_PRODUCT_NAME: process.env.VITE_PRODUCT_NAME || "Site Portal",
          SST_Secret_value_UNSUBSCRIBE_KEY: key,
        },
        mount: {
          prefix: "/__devstack/mail",
          handle: (req, res, subPath, body) =>
            subPath === "/faults" || subPath.startsWith("/faults/")
              ? faultControl(started.faults, sesFaultSchema)(req, res, subPath.slice(7), body)
              : started.handle(req, res, subPath),
        },
        async stop() {
          await feedbackQueue.stop();
          await started.stop();
        },
      };
    },
  };
  return service;
}
