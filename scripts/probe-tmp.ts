import { startLocalStack } from "@portal/devstack/local-stack";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import { signUpBenchUser } from "./bench/measure";

const stack = await startLocalStack({ port: 0, logRequests: false });
const user = await signUpBenchUser(stack.url, `probe-${Date.now()}@example.com`);
const headers = await user.headers();
await fetch(`${stack.url}/api/auth/user`, { headers });
const { db } = await import("@portal/core/db/service");
await db.entities.user
  .patch({ userId: user.userId })
  .set({ subscriptionPlan: "pro", subscriptionActive: true, hasCompletedQuestionnaire: true })
  .go();
for (const name of ["A", "B", "C"])
  await db.entities.site.create({ userId: user.userId, name, status: "live" }).go();
const route = process.argv[2]!;
const { handler } = await import(`@portal/functions/api/${process.argv[3]}`);
const event = {
  version: "2.0",
  routeKey: `GET ${route}`,
  rawPath: route,
  rawQueryString: "",
  headers: {
    ...headers,
    host: new URL(stack.url).host,
    [ORIGIN_VERIFY_HEADER]: stack.env[ORIGIN_VERIFY_ENV],
  },
  requestContext: { http: { method: "GET", path: route }, requestId: "x" },
  isBase64Encoded: false,
};
console.log((await handler(event)).statusCode);
const t0 = performance.now();
for (let i = 0; i < 1500; i++) await handler(event);
console.log(((performance.now() - t0) / 1500).toFixed(2), "ms avg");
await stack.stop();
