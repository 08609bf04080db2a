/**
 * The local browser function: a child Node process (browser-child.ts) started with an
 * environment that holds no AWS credential and no SST binding, as the deployed browser
 * function's role grants nothing (docs/security.md, "The audit browser"). The Lambda Invoke
 * stand-in (lambda-endpoint.ts) hands it each invocation.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ChildReply, ChildRequest } from "./browser-child";
import { type InvokeResult, startLambdaEndpoint } from "./lambda-endpoint";
import { repoRoot } from "./lambda-runtime";
import type { LocalService } from "./services";

/**
 * The only variables the child inherits: where programs, home and temp are (Chromium is
 * unpacked into the temp folder), the locale and time zone pages render with, and
 * CHROMIUM_PATH (README, "Run it"). Nothing else, so no credential can pass by accident.
 */
export const BROWSER_ENV_ALLOWLIST = ["PATH", "HOME", "TMPDIR", "LANG", "TZ", "CHROMIUM_PATH"];

export function browserChildEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    BROWSER_ENV_ALLOWLIST.flatMap((name) => {
      const value = env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

export interface BrowserProcess {
  /** The child's process id (tests read its environment from /proc). */
  readonly pid: number;
  /** False once the process exited (it crashed, or was stopped). */
  readonly running: boolean;
  invoke(payload: string): Promise<InvokeResult>;
  stop(): Promise<void>;
}

/** How long the child may take to close its Chromium before it is killed. */
const STOP_GRACE_MS = 8_000;

export function startBrowserProcess(): BrowserProcess {
  const child: ChildProcess = fork(
    fileURLToPath(new URL("./browser-child.ts", import.meta.url)),
    [],
    {
      cwd: repoRoot,
      env: browserChildEnv(),
      // TypeScript as the parent runs it; resolved from the repository's node_modules.
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const pending = new Map<number, (result: InvokeResult) => void>();
  let nextId = 1;
  let exited = false;
  // A process that could not start answers every invocation as a crash, as one that died.
  child.once("error", (error) => {
    console.error("The browser function's process failed", error);
    if (child.exitCode === null && child.pid === undefined) child.emit("exit", null, null);
  });
  const gone = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      // Whatever was running died with it, as a Lambda container that crashed.
      for (const resolvePending of pending.values()) {
        resolvePending(crash("Runtime.ExitError", "The browser process exited"));
      }
      pending.clear();
      resolve();
    });
  });
  child.on("message", (message: ChildReply) => {
    const resolve = pending.get(message.id);
    if (!resolve) return;
    pending.delete(message.id);
    resolve(
      message.ok ? { payload: message.payload } : crash(message.errorType, message.errorMessage),
    );
  });
  const send = (message: ChildRequest) => child.send(message);

  return {
    get pid() {
      if (child.pid === undefined) throw new Error("The browser process did not start");
      return child.pid;
    },
    get running() {
      return !exited;
    },
    invoke(payload) {
      if (exited) return Promise.resolve(crash("Runtime.ExitError", "The browser process exited"));
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        send({ id, type: "invoke", payload });
      });
    },
    async stop() {
      if (exited) return;
      if (child.connected) send({ type: "stop" });
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** An unhandled error as Lambda reports it: the function error and its JSON payload. */
function crash(errorType: string, errorMessage: string): InvokeResult {
  return {
    functionError: "Unhandled",
    payload: JSON.stringify({ errorType, errorMessage, trace: [] }),
  };
}

/**
 * The browser function's stand-in for the local stack: the child process behind a Lambda
 * Invoke endpoint, and the variables that point the worker's LambdaClient at it
 * (AWS_ENDPOINT_URL_LAMBDA, which the SDK reads itself) and name the function as SST's
 * binding would (`Function.Browser.functionName`).
 */
export function browserFunctionService() {
  // Started on the first invocation, as Lambda starts a container: most stacks (tests of
  // billing, tickets…) never run a browser and need not pay for the process.
  let browser: BrowserProcess | undefined;
  const service: LocalService & { pid(): number | undefined } = {
    name: "browser-function",
    pid: () => browser?.pid,
    async start({ host, names }) {
      const endpoint = await startLambdaEndpoint({
        host,
        functions: {
          [names.browser]: (payload) => {
            // A crashed process is replaced, as Lambda replaces a container that died.
            if (!browser?.running) browser = startBrowserProcess();
            return browser.invoke(payload);
          },
        },
      });
      return {
        env: {
          AWS_ENDPOINT_URL_LAMBDA: endpoint.endpoint,
          SST_Function_functionName_Browser: names.browser,
        },
        async stop() {
          await endpoint.stop();
          await browser?.stop();
        },
      };
    },
  };
  return service;
}
