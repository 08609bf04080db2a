/**
 * The local browser function holds no keys, as the deployed one (docs/security.md, "The audit
 * browser"): the worker reaches it through the SDK's LambdaClient and the local Invoke stand-in,
 * its process and the Chromium it starts have no AWS credential and no SST binding in their
 * environment, and the one thing it can write, through a presigned PUT, is the one object key
 * the worker signed. Each task runs on a Chromium of its own that is gone, profile folder and
 * all, when the task ends, so no task sees another's cookies or storage.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { InvokeCommand, LambdaClient, ResourceNotFoundException } from "@aws-sdk/client-lambda";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let stack: LocalStack;
let page: Server;
let origin: string;
let lambda: LambdaClient;
let blobs: typeof import("@portal/core/adapters/blobs");

/** Set when a task asks for /hold; that answer waits until `release` is called. */
let held: Promise<void>;
let arrived: () => void;
let release: () => void;
function resetHold() {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  release = answer;
  return answered;
}
let answered = resetHold();

beforeAll(async () => {
  page = createServer((req, res) => {
    const html = (body: string, headers: Record<string, string> = {}) =>
      res.writeHead(200, { "content-type": "text/html", ...headers }).end(body);
    if (req.url === "/hold") {
      arrived();
      void answered.then(() => html("<!doctype html><title>Held</title>"));
    } else if (req.url === "/first") {
      // One customer's page leaves a cookie and storage behind.
      html(
        "<!doctype html><title>First</title><script>localStorage.setItem('left', 'first')</script>",
        { "set-cookie": "left=first; Max-Age=3600; Path=/" },
      );
    } else if (req.url === "/second") {
      // The next task's page, on the same origin, reports what it finds.
      html(
        "<!doctype html><title>Second</title><script>document.title = " +
          "'cookie=' + document.cookie + ' storage=' + localStorage.getItem('left')</script>",
      );
    } else {
      html("<!doctype html><title>Bakery</title><h1>Bread</h1>");
    }
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  stack = await startLocalStack({ port: 0, logRequests: false });
  lambda = new LambdaClient({
    endpoint: stack.env.AWS_ENDPOINT_URL_LAMBDA,
    region: stack.env.AWS_REGION,
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
    maxAttempts: 1,
  });
  blobs = await import("@portal/core/adapters/blobs");
}, 60_000);

afterAll(async () => {
  lambda?.destroy();
  await stack?.stop();
  page?.closeAllConnections();
  await new Promise((resolve) => page?.close(resolve));
});

async function invoke(functionName: string, payload: unknown) {
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  return {
    functionError: answer.FunctionError,
    payload: JSON.parse(new TextDecoder().decode(answer.Payload)),
  };
}

/** A process's environment variable names, as the kernel shows them to the same user. */
function envNames(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, "utf8")
    .split("\0")
    .filter(Boolean)
    .map((entry) => entry.slice(0, entry.indexOf("=")));
}

/** Every process below `pid` (Chromium and its helpers, below the browser function's Node). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const CREDENTIAL_OR_BINDING = /^(AWS_(ACCESS_KEY_ID|SECRET_ACCESS_KEY|SESSION_TOKEN|PROFILE)|SST_)/;

describe("the local browser function", () => {
  it("answers a run through Lambda's Invoke protocol, as the worker calls it", async () => {
    const { functionError, payload } = await invoke(
      stack.env.SST_Function_functionName_Browser as string,
      {
        task: "seo",
        url: `${origin}/`,
        allowHosts: [new URL(origin).host],
        deadlineMs: 30_000,
      },
    );
    expect(functionError).toBeUndefined();
    expect(payload).toMatchObject({ outcome: "done", result: { metaTitle: "Bakery" } });
  }, 90_000);

  it("runs with no AWS credential and no SST binding, nor does the Chromium it started", async () => {
    // The stack's own process has both: the check would see them.
    expect(Object.keys(process.env).filter((n) => CREDENTIAL_OR_BINDING.test(n))).toEqual(
      expect.arrayContaining([
        "AWS_ACCESS_KEY_ID",
        "AWS_SECRET_ACCESS_KEY",
        "SST_Table_tableName_Main",
      ]),
    );
    const browserPid = stack.browser.pid();
    if (browserPid === undefined) throw new Error("The browser function has not run");
    expect(envNames(browserPid).filter((n) => CREDENTIAL_OR_BINDING.test(n))).toEqual([]);
    // A task whose page answers only when released: its Chromium is up meanwhile.
    const task = invoke(stack.env.SST_Function_functionName_Browser as string, {
      task: "seo",
      url: `${origin}/hold`,
      allowHosts: [new URL(origin).host],
      deadlineMs: 30_000,
    });
    await held;
    const chromium = descendants(browserPid);
    expect(chromium.length).toBeGreaterThan(0);
    const profiles = new Set<string>();
    const browserProcesses: number[] = [];
    for (const pid of chromium) {
      let names: string[];
      try {
        names = envNames(pid);
        const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        if (/chrom|headless_shell/i.test(args[0] ?? "")) browserProcesses.push(pid);
        for (const arg of args) {
          if (arg.startsWith("--user-data-dir="))
            profiles.add(arg.slice("--user-data-dir=".length));
        }
      } catch {
        continue; // a helper that exited meanwhile
      }
      expect(
        names.filter((n) => CREDENTIAL_OR_BINDING.test(n)),
        `process ${pid}`,
      ).toEqual([]);
    }
    expect(profiles.size).toBe(1);
    release();
    expect((await task).payload).toMatchObject({
      outcome: "done",
      result: { metaTitle: "Held" },
    });
    answered = resetHold();
    // The task is over: its Chromium is gone, and so is its profile (cookies, storage, cache).
    const running = (pid: number) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
      } catch {
        return false;
      }
    };
    expect(browserProcesses.length).toBeGreaterThan(0);
    expect(browserProcesses.filter(running)).toEqual([]);
    for (const profile of profiles) expect(existsSync(profile), profile).toBe(false);
  }, 90_000);

  it("a task finds no cookie or storage that an earlier task's page left", async () => {
    const seo = (path: string) =>
      invoke(stack.env.SST_Function_functionName_Browser as string, {
        task: "seo",
        url: `${origin}${path}`,
        allowHosts: [new URL(origin).host],
        deadlineMs: 30_000,
      });
    expect((await seo("/first")).payload).toMatchObject({ result: { metaTitle: "First" } });
    expect((await seo("/second")).payload).toMatchObject({
      outcome: "done",
      result: { metaTitle: "cookie= storage=null" },
    });
  }, 90_000);

  it("a crash is Lambda's function error, and an unknown function is not found", async () => {
    const crash = await invoke(stack.env.SST_Function_functionName_Browser as string, {
      task: "print",
    });
    expect(crash.functionError).toBe("Unhandled");
    // The request failed its contract (zod/mini's parse error, contracts/zod.ts).
    expect(crash.payload).toMatchObject({ errorType: "$ZodError" });
    await expect(invoke("another-function", {})).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});

/**
 * The signature S3 computes for a PUT of `key` with `contentType`, at the URL's own date and
 * expiry: what S3 compares with the URL's X-Amz-Signature before it accepts the request. The
 * local s3rver does not check SigV4 signatures, so the test does S3's check itself, with the
 * SDK's own signer.
 */
async function signatureS3Expects(url: string, key: string, contentType: string) {
  const { S3Client, PutObjectCommand } = await import("@aws-sdk/client-s3");
  const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
  const signed = new URL(url);
  const amzDate = signed.searchParams.get("X-Amz-Date") ?? "";
  const signingDate = new Date(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"),
  );
  const client = new S3Client({
    endpoint: stack.env.AWS_ENDPOINT_URL_S3,
    region: stack.env.AWS_REGION,
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    credentials: {
      accessKeyId: stack.env.AWS_ACCESS_KEY_ID as string,
      secretAccessKey: stack.env.AWS_SECRET_ACCESS_KEY as string,
    },
  });
  type Presign = Parameters<typeof getSignedUrl>;
  const command = new PutObjectCommand({
    Bucket: stack.env.SST_Bucket_bucketName_Screenshots,
    Key: key,
    ContentType: contentType,
  }) as unknown as Presign[1];
  const expected = await getSignedUrl(client as unknown as Presign[0], command, {
    expiresIn: Number(signed.searchParams.get("X-Amz-Expires")),
    signingDate,
    signableHeaders: new Set(["content-type"]),
  });
  client.destroy();
  return new URL(expected).searchParams.get("X-Amz-Signature");
}

describe("the presigned PUT the browser stores a screenshot through", () => {
  const key = "users/user_a/sites/site_a/screenshots/1.webp";
  const image = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);

  it("writes its one key with its content type", async () => {
    const url = await blobs.presignedPutUrl(key, "image/webp", 60);
    const response = await fetch(url, {
      method: "PUT",
      headers: { "content-type": "image/webp" },
      body: image,
    });
    expect(response.status).toBe(200);
    expect(await blobs.headObject(key)).toEqual({
      bytes: image.byteLength,
      contentType: "image/webp",
    });
  });

  it("signs the key and the content type: no other key, nor another type, matches it", async () => {
    const url = await blobs.presignedPutUrl(key, "image/webp", 60);
    const signature = new URL(url).searchParams.get("X-Amz-Signature");
    expect(new URL(url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host");
    // No checksum of an empty body, which S3 would hold every real image against.
    expect([...new URL(url).searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    // S3's check reproduces the URL's signature for the key and type it was made for…
    expect(await signatureS3Expects(url, key, "image/webp")).toBe(signature);
    // …and for nothing else: another customer's key, a sibling, another type.
    for (const other of [
      "users/user_b/sites/site_b/screenshots/1.webp",
      "users/user_a/sites/site_a/screenshots/2.webp",
    ]) {
      expect(await signatureS3Expects(url, other, "image/webp"), other).not.toBe(signature);
    }
    expect(await signatureS3Expects(url, key, "text/html")).not.toBe(signature);
  });
});
