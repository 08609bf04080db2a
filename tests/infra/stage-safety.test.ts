/**
 * What keeps a stage's settings and data where they belong: `.env.<stage>` copies stay out of
 * git, only prod's table refuses deletion (a pull request's stage can be removed), and the
 * mailer may send from MAIL_FROM only, in and out of the SES sandbox.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Template } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import config from "../../sst.config";
import { Events } from "../../stacks/Events";
import { Storage } from "../../stacks/Storage";
import { createApp, productionSettings, templatesOf, validSettings } from "./synth";
import { allows, lambda, only, roleStatements, type Statement } from "./template-queries";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/** Whether git ignores `file` (need not exist) in the repository at `dir`. */
function ignored(dir: string, file: string): boolean {
  const result = spawnSync("git", ["check-ignore", "-q", "--no-index", file], { cwd: dir });
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`git check-ignore failed: ${result.stderr}`);
  }
  return result.status === 0;
}

const stageCopies = [".env", ".env.local", ".env.prod", ".env.staging", ".env.prod.local"];

describe(".env files", () => {
  test("every stage's copy is ignored, and .env.example is not", () => {
    for (const file of stageCopies) expect(ignored(repoRoot, file), file).toBe(true);
    expect(ignored(repoRoot, ".env.example")).toBe(false);
  });

  describe("the check can fail", () => {
    let oldRepo: string;
    beforeAll(() => {
      // The rules before .env.* was added: .env and .env.local only.
      oldRepo = mkdtempSync(path.join(tmpdir(), "gitignore-"));
      spawnSync("git", ["init", "-q"], { cwd: oldRepo });
      writeFileSync(path.join(oldRepo, ".gitignore"), ".env\n.env.local\n");
    });
    afterAll(() => rmSync(oldRepo, { recursive: true, force: true }));

    test("rules naming .env and .env.local only let .env.prod through", () => {
      expect(ignored(oldRepo, ".env.prod")).toBe(false);
    });
  });
});

/**
 * Synthesises the app with the removal policies sst.config.ts sets, which SST applies in
 * App.finish() (the offline synthesis does not run it: tests/infra/synth.ts).
 */
async function synthesizeWithRemovalPolicy(stage: string, settings: Record<string, string>) {
  const app = await createApp(stage, settings);
  await config.stacks(app);
  (app as unknown as { applyRemovalPolicy(scope: unknown): void }).applyRemovalPolicy(app);
  return templatesOf(app);
}

/** The table's DeletionProtectionEnabled, false when the template leaves it out. */
function tableDeletionProtection(storage: Template): boolean {
  const [, table] = only(storage, "AWS::DynamoDB::Table");
  return table.Properties?.DeletionProtectionEnabled === true;
}

describe("the table's deletion protection", () => {
  test("is on in prod, which also keeps the table when the stage is removed", async () => {
    const template = await synthesizeWithRemovalPolicy("prod", productionSettings);
    expect(tableDeletionProtection(template(Storage))).toBe(true);
    template(Storage).hasResource("AWS::DynamoDB::Table", { DeletionPolicy: "Retain" });
  });

  describe("in any other stage", () => {
    let storage: Template;
    let events: Template;
    beforeAll(async () => {
      const template = await synthesizeWithRemovalPolicy("pr-42", validSettings);
      storage = template(Storage);
      events = template(Events);
    });

    test("is off, and the table goes with `sst remove`", () => {
      expect(tableDeletionProtection(storage)).toBe(false);
      storage.hasResource("AWS::DynamoDB::Table", { DeletionPolicy: "Delete" });
    });

    describe("the notifications mailer's SES policy", () => {
      const ses = (resource: string) => ({
        arn: `arn:aws:ses:us-east-1:123456789012:${resource}`,
      });
      /** A sandbox recipient: SES authorizes the send on the identity that verified it. */
      const recipient = ses("identity/alice@example.org");
      let statements: Statement[];
      beforeAll(() => {
        const consumer = lambda(events, "Notifications");
        statements = roleStatements(events, consumer.roleId).filter((s) =>
          JSON.stringify(s.Action).includes("ses:"),
        );
      });

      test("allows SendEmail on MAIL_FROM's identity, a sandbox recipient's and the configuration set", () => {
        expect(statements).toHaveLength(1);
        expect(statements[0]?.Action).toBe("ses:SendEmail");
        expect(allows(statements, "ses:SendEmail", ses("identity/mail.example.com"))).toBe(true);
        expect(allows(statements, "ses:SendEmail", recipient)).toBe(true);
        expect(allows(statements, "ses:SendEmail", ses("configuration-set/portal-mail"))).toBe(
          true,
        );
        expect(allows(statements, "ses:SendRawEmail", recipient)).toBe(false);
      });

      test("only with MAIL_FROM's address as the From address", () => {
        expect((statements[0] as unknown as { Condition: unknown }).Condition).toEqual({
          StringEquals: { "ses:FromAddress": "notifications@mail.example.com" },
        });
      });

      test("the recipient check fails on a policy naming the sender's identity alone", () => {
        const senderOnly: Statement = {
          Effect: "Allow",
          Action: "ses:SendEmail",
          Resource: "arn:aws:ses:us-east-1:123456789012:identity/mail.example.com",
        };
        expect(allows([senderOnly], "ses:SendEmail", recipient)).toBe(false);
      });
    });
  });
});
