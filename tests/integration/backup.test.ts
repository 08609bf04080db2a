/**
 * Backups you can trust (docs/operations.md "Backups"): `npm run backup -- export` takes the
 * local table out of a stopped stack's data folder, `restore` puts it into a fresh folder, and
 * a stack on the fresh folder serves the same customer: the account, the plan, the ticket.
 * The identity provider's folder is copied as it is, as Clerk keeps its users whatever
 * happens to the table.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type ChildStack, startChildStack } from "@portal/devstack/child-stack-process";
import { afterAll, describe, expect, it } from "vitest";
import { bearer, signUpCustomer } from "../support/dev-identity";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const folders: string[] = [];
const stacks: ChildStack[] = [];

async function folder(label: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `portal-backup-${label}-`));
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  for (const stack of stacks) if (stack.child.exitCode === null) stack.child.kill("SIGKILL");
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

/** `npm run backup -- <args>`: the exit code and what it printed. */
async function backup(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/backup.ts", ...args],
      { cwd: repoRoot },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

function start(dataDir: string) {
  const stack = startChildStack({ dataDir, port: 0, logRequests: false });
  stacks.push(stack);
  return stack;
}

async function stop(stack: ChildStack) {
  stack.child.kill("SIGTERM");
  await stack.exited;
}

describe("npm run backup", () => {
  it("exports the table, restores it into a fresh folder, and the portal serves the same customer", async () => {
    const original = await folder("original");
    const first = start(original);
    const firstUrl = await first.url;
    Object.assign(process.env, first.env());
    const customer = await signUpCustomer({ firstName: "Restored" }, firstUrl);
    const opened = await fetch(`${firstUrl}/api/tickets`, {
      method: "POST",
      headers: { ...bearer(customer.token), "content-type": "application/json" },
      body: JSON.stringify({
        title: "Kept in the backup",
        description: "This ticket must come back after a restore.",
        category: "general",
        priority: "low",
      }),
    });
    expect(opened.status).toBe(201);
    const ticket = (await opened.json()) as { id: string };

    // The table's files belong to the running stack: the script says so rather than fail.
    const exportFile = path.join(await folder("files"), "table.jsonl");
    const busy = await backup("export", exportFile, "--data", original);
    expect(busy.code).toBe(1);
    expect(busy.output).toContain("stop npm start");
    await stop(first);

    const exported = await backup("export", exportFile, "--data", original);
    expect(exported.output).toMatch(/^Exported \d+ items/);
    expect(exported.code).toBe(0);
    // Only its owner may read it: it holds signing secrets and key hashes.
    expect((await stat(exportFile)).mode & 0o777).toBe(0o600);
    const lines = (await readFile(exportFile, "utf8")).trim().split("\n");
    expect(JSON.parse(lines[0] ?? "{}")).toHaveProperty("Item.pk.S");
    expect(lines.some((line) => line.includes(ticket.id))).toBe(true);

    const fresh = await folder("fresh");
    const restored = await backup("restore", exportFile, "--data", fresh);
    expect(restored.output).toContain(`Restored ${lines.length} items`);
    // A second restore would write over what is there now: refused.
    const again = await backup("restore", exportFile, "--data", fresh);
    expect(again.code).toBe(1);
    expect(again.output).toContain("is not empty");
    // The identities are Clerk's, outside the table: kept as they are.
    await cp(path.join(original, "dev-identity"), path.join(fresh, "dev-identity"), {
      recursive: true,
    });

    const second = start(fresh);
    const secondUrl = await second.url;
    const signedIn = await fetch(`${secondUrl}/dev-identity/tokens`, {
      method: "POST",
      headers: { cookie: customer.cookie },
    });
    expect(signedIn.status).toBe(200);
    const { jwt } = (await signedIn.json()) as { jwt: string };
    const user = await (await fetch(`${secondUrl}/api/auth/user`, { headers: bearer(jwt) })).json();
    expect(user).toMatchObject({ id: customer.user.id, firstName: "Restored" });
    const tickets = (await (
      await fetch(`${secondUrl}/api/tickets`, { headers: bearer(jwt) })
    ).json()) as { id: string; title: string }[];
    expect(tickets.map((t) => [t.id, t.title])).toEqual([[ticket.id, "Kept in the backup"]]);
    await stop(second);
  }, 120_000);

  it("says how to call it when the command or file is missing", async () => {
    const answer = await backup("import");
    expect(answer.code).toBe(1);
    expect(answer.output).toContain("Usage: npm run backup -- export <file>");
  });
});
