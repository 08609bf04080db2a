/**
 * A local stack in a process of its own (child-stack-process.ts starts it): `tsx
 * packages/devstack/src/child-stack.ts` with the stack's options as JSON in
 * CHILD_STACK_OPTIONS. It prints the line `npm start` prints, and writes the handlers' env
 * to `<dataDir>/child-stack-env.json` so the test can reach the stack's table as the
 * handlers do.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { type LocalStackOptions, startLocalStack } from "./local-stack";

const options = JSON.parse(process.env.CHILD_STACK_OPTIONS ?? "{}") as LocalStackOptions;
if (!options.dataDir) throw new Error("CHILD_STACK_OPTIONS needs a dataDir: it must outlive us");
const stack = await startLocalStack(options);
// The handlers' env holds the stack's local secrets: readable by this user only.
writeFileSync(path.join(stack.dataDir, "child-stack-env.json"), JSON.stringify(stack.env), {
  mode: 0o600,
});
console.log(`Portal running at ${stack.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void stack.stop().then(() => process.exit(0)));
}
