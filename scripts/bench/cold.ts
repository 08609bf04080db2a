/**
 * `npm run bench -- cold`: every API route's cold start (docs/performance.md "`cold`"). Each
 * route's bundle, built as SST v2 deploys it (stacks/bundling.ts), is imported in a fresh Node
 * process with the bindings the local stack sets (as Lambda's runtime imports the handler at
 * init), then called with a representative event against the local stand-ins: the first call,
 * then a warm second one. Beside it, a control process of the same kind imports (and builds)
 * only the AWS SDK clients that the route's grants allow (adapters/bindings.ts `sdk`; the
 * SSM client of sst/node/config for a route that binds a secret, which every signed-in route
 * does: the identity key). Rows are timed in turns, COLD_RUNS rounds (default 5), medians.
 */
import { spawn } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ADAPTER_BINDINGS } from "@portal/core/adapters/bindings";
import { repoRoot } from "@portal/devstack/lambda-runtime";
import { startLocalStack } from "@portal/devstack/local-stack";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import { type RouteRecord, routeGrants, routes } from "@portal/functions/routes";
import { bundleHandlers } from "../../stacks/bundling";
import { median, ms, signUpBenchUser } from "./measure";

const RUNS = Number(process.env.COLD_RUNS ?? 5);
/** Inside the repo, so the externals (the runtime's SSM client) resolve from node_modules. */
const OUT_DIR = path.join(repoRoot, "node_modules/.cache/portal-cold");

/** How a control builds each SDK package's client, as the adapters do. */
const CONTROL_CODE: Record<string, string> = {
  "@aws-sdk/client-dynamodb": `import { DynamoDBClient } from "@aws-sdk/client-dynamodb"; globalThis.c1 = new DynamoDBClient({});`,
  "@aws-sdk/lib-dynamodb": `import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb"; globalThis.c2 = DynamoDBDocumentClient.from(globalThis.c1);`,
  "@aws-sdk/client-sqs": `import { SQSClient } from "@aws-sdk/client-sqs"; globalThis.c3 = new SQSClient({});`,
  "@aws-sdk/client-s3": `import { S3Client } from "@aws-sdk/client-s3"; globalThis.c4 = new S3Client({});`,
  "@aws-sdk/s3-request-presigner": `import { getSignedUrl } from "@aws-sdk/s3-request-presigner"; globalThis.c5 = getSignedUrl;`,
  "@aws-sdk/client-ssm": `import { SSMClient } from "@aws-sdk/client-ssm"; globalThis.c6 = new SSMClient({});`,
  "@aws-sdk/client-sesv2": `import { SESv2Client } from "@aws-sdk/client-sesv2"; globalThis.c7 = new SESv2Client({});`,
};
const CONTROL_ORDER = Object.keys(CONTROL_CODE);

/** The SDK packages a route's grants allow (and SSM where a secret is bound). */
function controlPackages(routeKey: string, record: RouteRecord): string[] {
  const grants = new Set<string>(routeGrants(routeKey, record));
  const packages = new Set<string>();
  for (const adapter of Object.values(ADAPTER_BINDINGS)) {
    if (adapter.grants.some((grant) => grants.has(grant))) {
      for (const sdk of adapter.sdk) packages.add(sdk);
    }
  }
  // Every signed-in route verifies sessions with CLERK_JWT_KEY, a secret (stacks/Api.ts).
  if (record.entitlement !== "public") packages.add("@aws-sdk/client-ssm");
  return CONTROL_ORDER.filter((pkg) => packages.has(pkg));
}

/** What runs in each fresh process: import, then (for a route) two calls. Prints one JSON line. */
const CHILD = `
const [bundle, eventFile] = process.argv.slice(2);
const t0 = performance.now();
const mod = await import(bundle);
const init = performance.now() - t0;
const out = { init, node: process.version };
if (eventFile) {
  const { readFileSync } = await import("node:fs");
  const event = JSON.parse(readFileSync(eventFile, "utf8"));
  let t = performance.now();
  const first = await mod.handler(structuredClone(event), {});
  out.first = performance.now() - t;
  out.status = first.statusCode;
  t = performance.now();
  await mod.handler(structuredClone(event), {});
  out.warm = performance.now() - t;
}
process.stdout.write(JSON.stringify(out) + "\\n");
process.exit(0);
`;

interface ChildResult {
  init: number;
  first?: number;
  warm?: number;
  status?: number;
  node: string;
}

function runChild(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...env, LOG_REQUESTS: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => {
      const line = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line.startsWith("{")) {
        reject(new Error(`${args[0]} exited ${code}: ${stderr.slice(0, 500)}`));
      } else {
        resolve(JSON.parse(line) as ChildResult);
      }
    });
  });
}

const fileName = (handler: string) => `${handler.replace(/[^\w]+/g, "_")}.mjs`;

export const coldBench = {
  name: "cold",
  description: `every API route's bundle imported in a fresh Node process (init), then called twice (first, warm), beside a control importing only the SDK clients its grants allow; median of ${RUNS}, rows in turns (local stand-ins)`,
  async run() {
    await rm(OUT_DIR, { recursive: true, force: true });
    await mkdir(path.join(OUT_DIR, "controls"), { recursive: true });
    const entries = Object.entries(routes as Record<string, RouteRecord>);

    // One control file per distinct set of SDK packages, bundled like the routes.
    const controls = new Map<string, string>();
    for (const [routeKey, record] of entries) {
      const packages = controlPackages(routeKey, record);
      const name = packages.map((pkg) => pkg.replace(/\W+/g, "_")).join("__") || "nothing";
      const handler = `node_modules/.cache/portal-cold/controls/${name}.handler`;
      if (![...controls.values()].includes(handler)) {
        await writeFile(
          path.join(OUT_DIR, "controls", `${name}.ts`),
          `${packages.map((pkg) => CONTROL_CODE[pkg]).join("\n")}\nexport const handler = undefined;\n`,
        );
      }
      controls.set(routeKey, handler);
    }
    const built = await bundleHandlers(
      [...entries.map(([, record]) => record.handler), ...new Set(controls.values())],
      OUT_DIR,
    );
    const bytes = new Map(built.map((size) => [size.handler, size.bytes]));
    const child = path.join(OUT_DIR, "child.mjs");
    await writeFile(child, CHILD);

    const stack = await startLocalStack({ port: 0, logRequests: false });
    try {
      const user = await signUpBenchUser(stack.url, `cold-${Date.now()}@example.com`);
      const { db } = await import("@portal/core/db/service");
      const first = await fetch(`${stack.url}/api/auth/user`, { headers: await user.headers() });
      if (first.status !== 200) throw new Error(`GET /api/auth/user got ${first.status}`);
      await db.entities.user
        .patch({ userId: user.userId })
        .set({ subscriptionPlan: "pro", subscriptionActive: true, hasCompletedQuestionnaire: true })
        .go();
      const { data: site } = await db.entities.site
        .create({ userId: user.userId, name: "Bakery", status: "live" })
        .go();
      const { data: ticket } = await db.entities.ticket
        .create({
          userId: user.userId,
          title: "Menu update",
          description: "Please update the page.",
          category: "website_request",
          priority: "medium",
        })
        .go();
      const env = { ...(process.env as Record<string, string>), ...stack.env };
      const host = new URL(stack.url).host;

      /** A request as API Gateway hands it over: real ids where the path has them. */
      const eventFor = async (routeKey: string, record: RouteRecord) => {
        const [method = "GET", template = "/"] = routeKey.split(" ");
        const ids: Record<string, string> = {
          id: site.siteId,
          userId: user.userId,
          siteId: site.siteId,
          ticketId: ticket.ticketId,
        };
        const pathParameters: Record<string, string> = {};
        const rawPath = template.replace(/\{(\w+)\}/g, (_, name: string) => {
          pathParameters[name] = ids[name] ?? "01MISSING";
          return pathParameters[name];
        });
        const body = method === "GET" || method === "DELETE" ? undefined : "{}";
        return {
          version: "2.0",
          routeKey,
          rawPath,
          rawQueryString: "",
          headers: {
            host,
            [ORIGIN_VERIFY_HEADER]: stack.env[ORIGIN_VERIFY_ENV] ?? "",
            ...(body ? { "content-type": "application/json" } : {}),
            ...(record.entitlement === "public" ? {} : await user.headers()),
          },
          ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
          requestContext: { http: { method, path: rawPath }, requestId: "cold" },
          ...(body ? { body } : {}),
          isBase64Encoded: false,
        };
      };

      type Runs = { route: ChildResult[]; control: ChildResult[] };
      const runs = new Map<string, Runs>(entries.map(([key]) => [key, { route: [], control: [] }]));
      // Never delete the bench user's account or site: those two get a missing id instead.
      const destructive = new Set(["DELETE /api/account", "DELETE /api/sites/{id}"]);
      let node = "";
      for (let round = 0; round < RUNS; round++) {
        for (const [routeKey, record] of entries) {
          if (destructive.has(routeKey)) continue;
          const event = await eventFor(routeKey, record);
          const eventFile = path.join(OUT_DIR, "event.json");
          await writeFile(eventFile, JSON.stringify(event));
          const measured = runs.get(routeKey) as Runs;
          const route = await runChild(
            child,
            [path.join(OUT_DIR, fileName(record.handler)), eventFile],
            env,
          );
          node = route.node;
          measured.route.push(route);
          const control = controls.get(routeKey) as string;
          measured.control.push(
            await runChild(child, [path.join(OUT_DIR, fileName(control))], env),
          );
        }
      }

      const rows = entries
        .filter(([routeKey]) => !destructive.has(routeKey))
        .map(([routeKey, record]) => {
          const measured = runs.get(routeKey) as Runs;
          const init = median(measured.route.map((r) => r.init));
          const control = median(measured.control.map((r) => r.init));
          return {
            route: routeKey,
            KB: Math.round((bytes.get(record.handler) ?? 0) / 1024),
            "init ms": ms(init),
            "control ms": ms(control),
            "init / control": Number((init / control).toFixed(2)),
            "first call ms": ms(median(measured.route.map((r) => r.first ?? Number.NaN))),
            "warm call ms": ms(median(measured.route.map((r) => r.warm ?? Number.NaN))),
            status: measured.route[0]?.status ?? "",
            control:
              controlPackages(routeKey, record)
                .map((pkg) => pkg.replace("@aws-sdk/", ""))
                .join(" ") || "(nothing)",
          };
        });
      console.table(rows);
      const sizes = entries
        .map(([, record]) => bytes.get(record.handler) ?? 0)
        .sort((a, b) => a - b);
      const ratios = rows.map((row) => row["init / control"]).sort((a, b) => a - b);
      console.log(
        `${node}; bundles: median ${Math.round((sizes[Math.floor(sizes.length / 2)] ?? 0) / 1024)} KB, largest ${Math.round((sizes[sizes.length - 1] ?? 0) / 1024)} KB; init / control: median ${median(ratios).toFixed(2)}, worst ${ratios[ratios.length - 1]?.toFixed(2)}; ${rows.filter((row) => row["init / control"] <= 1.5).length} of ${rows.length} routes ≤ 1.5 (${[...destructive].join(", ")} not called: they would erase the bench user)`,
      );
    } finally {
      await stack.stop();
    }
  },
};
