import { defineConfig } from "vitest/config";

/**
 * Four suites, one runner: `npm test` runs them all and .ci/run counts them together.
 * - unit: pure logic beside the code
 * - infra: the SST stacks synthesised offline and asserted with CDK's Template
 * - integration: handlers through the local stack (real dynalite, s3rver, queue, emulators)
 * - e2e: the built SPA in Chromium (playwright-core) against a local stack the suite starts
 */
export default defineConfig({
  test: {
    // Vitest gives the global setups' teardowns this long before it reports "something prevents
    // N Vite servers from exiting" and exits anyway. Stopping a local stack waits up to
    // STOP_GRACE_MS (2 s, packages/devstack/src/queue.ts) for the queues' running consumers and
    // up to 8 s for the audit browser to close Chromium (browser-process.ts): more than Vitest's
    // default 10 s when both are busy at the end of a run.
    teardownTimeout: 20_000,
    // Two files at a time, whatever the machine. Vitest's default (cores - 1) is one on the
    // 2-core CI machine, where an integration file spends most of its time waiting on the
    // stack, its queues and polls, and a second file fills that time (docs/development.md,
    // "The suite's time"). The e2e files still run one at a time, after the others.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          // tests/support: the guards that keep the test helpers written once.
          include: ["packages/*/src/**/*.test.{ts,tsx}", "tests/support/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "infra",
          include: ["tests/infra/**/*.test.ts"],
          // One worker process runs the files one after another and keeps their modules:
          // aws-cdk-lib and SST are imported once, not once per file, and the app for stage
          // "test" is synthesised once (synthesized-app.ts). Files that synthesise other
          // settings still build their own app; nothing in the stacks reads the environment
          // when it is imported, and each file starts from the worker's first environment.
          isolate: false,
          setupFiles: ["tests/infra/setup-env.ts"],
          globalSetup: ["tests/infra/global-setup.ts"],
          testTimeout: 60_000,
          // Synthesising every stack (in beforeAll) takes seconds, many more on a loaded machine.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Jobs and pages finish when the machine lets them: wait for the outcome, not a clock.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
