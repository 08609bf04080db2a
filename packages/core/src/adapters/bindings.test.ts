import { afterEach, describe, expect, it, vi } from "vitest";
import { ADAPTER_BINDINGS, bindingVariable, MissingBindingError, readBinding } from "./bindings";

const configValues = new Map<string, PropertyDescriptor | undefined>();

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  const { Config } = await import("sst/node/config");
  for (const [name, descriptor] of configValues) {
    if (descriptor) Object.defineProperty(Config, name, descriptor);
    else Reflect.deleteProperty(Config, name);
  }
  configValues.clear();
});

/**
 * A setting as sst/node/config holds it. It copies the variables once, when a worker first
 * imports it, and resetModules does not reload it (a package): another file in the same worker
 * may have imported it with the setting present. So the test sets it there too, and puts it back.
 */
async function stubConfig(variable: string, name: string, value: string) {
  vi.stubEnv(variable, value);
  const { Config } = await import("sst/node/config");
  // Its getter throws for a name it never had, so the property itself is kept, not its value.
  if (!configValues.has(name)) {
    configValues.set(name, Object.getOwnPropertyDescriptor(Config, name));
  }
  Object.assign(Config, { [name]: value });
}

describe("readBinding", () => {
  it("reads a plain binding from the variable SST sets, when asked", () => {
    expect(bindingVariable("Queue.Events.queueUrl")).toBe("SST_Queue_queueUrl_Events");
    expect(bindingVariable("Table.Main.tableName")).toBe("SST_Table_tableName_Main");
    expect(bindingVariable("Config.APP_URL")).toBe("SST_Parameter_value_APP_URL");
    vi.stubEnv("SST_Queue_queueUrl_Events", "https://sqs.example/events");
    expect(readBinding("events")).toBe("https://sqs.example/events");
  });

  it("names the binding and the grant when the binding is missing or empty", () => {
    vi.stubEnv("SST_Queue_queueUrl_Events", "");
    // Empty even when the suite runs beside a local stack that set the bucket for its handlers.
    vi.stubEnv("SST_Bucket_bucketName_Screenshots", "");
    expect(() => readBinding("events")).toThrow(
      "Queue.Events.queueUrl is not bound to this function: its route record needs the events:send grant",
    );
    expect(() => readBinding("blobs")).toThrow(/screenshots:read or screenshots:write/);
  });

  it("turns sst/node's own refusal of an unbound secret into the same error", () => {
    const error = (() => {
      try {
        readBinding("payments", () => {
          throw new Error("Cannot use Config.STRIPE_SECRET_KEY. Please make sure it is bound");
        });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(MissingBindingError);
    expect((error as Error).message).toContain("Config.STRIPE_SECRET_KEY");
    expect((error as Error).message).toContain("the stripe grant");
  });

  it("maps every adapter to at least one grant", () => {
    for (const [name, adapter] of Object.entries(ADAPTER_BINDINGS)) {
      expect(adapter.grants.length, name).toBeGreaterThan(0);
    }
  });
});

describe("adapters read their binding at first use, not at import", () => {
  it("imports the queue adapters with no binding set, and fails the send naming the grant", async () => {
    vi.stubEnv("SST_Queue_queueUrl_Jobs", "");
    vi.stubEnv("SST_Queue_queueUrl_Events", "");
    vi.stubEnv("SST_Queue_queueUrl_WebhookDeliveries", "");
    vi.stubEnv("SST_Queue_queueUrl_PageViews", "");
    const queue = await import("./queue");
    const events = await import("./events");
    const deliveries = await import("./webhook-deliveries");
    const pageViews = await import("./page-views");
    await expect(queue.sendJob({ kind: "x" } as never)).rejects.toThrow(/jobs:send/);
    await expect(events.sendEvent({} as never)).rejects.toThrow(/events:send/);
    await expect(deliveries.sendWebhookDelivery({})).rejects.toThrow(/webhooks:send/);
    await expect(pageViews.enqueueView({} as never)).rejects.toThrow(/page-views:send/);
  });

  it("imports the table with no binding set, and fails the first query naming the grant", async () => {
    vi.stubEnv("SST_Table_tableName_Main", "");
    const { db } = await import("../db/service");
    expect(() => db.entities.user.get({ userId: "u" })).toThrow(
      /Table\.Main\.tableName is not bound to this function: its route record needs the table:read/,
    );
  });
});

describe("secrets read through readBinding, failing loudly when unset or empty", () => {
  it("UNSUBSCRIBE_KEY: no link is made or checked with an empty key", async () => {
    vi.stubEnv("SST_Parameter_value_APP_URL", "https://portal.example.com");
    await stubConfig("SST_Secret_value_UNSUBSCRIBE_KEY", "UNSUBSCRIBE_KEY", "");
    const tokens = await import("../notifications/unsubscribe-token");
    const settings = await import("../notifications/mail-settings");
    const unbound = /Config.UNSUBSCRIBE_KEY is not bound .* the mail:unsubscribe-key grant/;
    // Before, an empty key made every link's check fail quietly: each link said "does not work".
    expect(() => tokens.isOurToken("u1.dXNlcl9h.c2ln")).toThrow(unbound);
    expect(() => settings.unsubscribeUrl("user_a")).toThrow(unbound);
  });

  it("ANALYTICS_SALT_KEY: no page view is hashed, or looked up, without the salt", async () => {
    await stubConfig("SST_Secret_value_ANALYTICS_SALT_KEY", "ANALYTICS_SALT_KEY", "");
    const collect = await import("../analytics/collect");
    const unbound = /Config.ANALYTICS_SALT_KEY is not bound .* the analytics:salt grant/;
    expect(() => collect.analyticsSalt()).toThrow(unbound);
    // Refused before the table is asked for the site: this test has no table at all.
    await expect(
      collect.recordPageView({ site: "01J00000000000000000000000", path: "/" } as never, {
        ip: "192.0.2.1",
        userAgent: undefined,
        country: undefined,
        origin: undefined,
      }),
    ).rejects.toThrow(unbound);
  });

  it("MAIL_FROM: no mail goes to SES from an empty sender", async () => {
    await stubConfig("SST_Parameter_value_MAIL_FROM", "MAIL_FROM", "  ");
    // SES would refuse the request anyway; it must not even be asked.
    vi.stubEnv("AWS_ENDPOINT_URL_SESV2", "http://127.0.0.1:9");
    const mailer = await import("./mailer");
    const unbound = /Config.MAIL_FROM is not bound .* the mail:send grant/;
    expect(() => mailer.mailFrom()).toThrow(unbound);
    const mail = { to: "a@example.com", subject: "s", html: "<p>h</p>", text: "t" };
    await expect(
      mailer.sendMail({ ...mail, unsubscribeUrl: "https://x.example/u", eventId: "e1" }),
    ).rejects.toThrow(unbound);
  });
});
