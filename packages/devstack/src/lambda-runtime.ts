/**
 * Loads handlers by the names SST gives them ("packages/functions/src/api/auth/user.handler")
 * and calls them with a Lambda-like context, so the local stack runs the same modules that
 * SST bundles for AWS.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inOwnContainer } from "@portal/core/db/client";
import type { Context } from "aws-lambda";
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from "./aws";

// biome-ignore lint/suspicious/noExplicitAny: handlers take their own event types
export type LambdaHandler = (event: any, context: Context) => Promise<unknown>;

/** The repository root: handler names are relative to it. */
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

export function createHandlerLoader(root = repoRoot) {
  const cache = new Map<string, Promise<LambdaHandler>>();
  /** The handlers already imported, to call without waiting on their import again. */
  const loaded = new Map<string, LambdaHandler>();

  async function importHandler(name: string): Promise<LambdaHandler> {
    const dot = name.lastIndexOf(".");
    const file = path.join(root, `${name.slice(0, dot)}.ts`);
    const exported = name.slice(dot + 1);
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const fn = mod[exported];
    if (typeof fn !== "function") throw new Error(`${file} has no exported function "${exported}"`);
    return fn as LambdaHandler;
  }

  return {
    /** Imported once per name, like a warm Lambda container. */
    load(name: string): Promise<LambdaHandler> {
      let loading = cache.get(name);
      if (!loading) {
        loading = importHandler(name);
        loading.then(
          (handler) => loaded.set(name, handler),
          // A failed import (a syntax error being fixed) is retried on the next request.
          () => cache.delete(name),
        );
        cache.set(name, loading);
      }
      return loading;
    },
    async invoke(name: string, event: unknown): Promise<unknown> {
      const handler = loaded.get(name) ?? (await this.load(name));
      // Measuring one table client per container, as in Lambda (docs/operations.md).
      if (process.env.LOCAL_CLIENT_PER_INVOCATION === "1") {
        return inOwnContainer(() => handler(event, lambdaContext(name)));
      }
      return handler(event, lambdaContext(name));
    },
  };
}

export type HandlerLoader = ReturnType<typeof createHandlerLoader>;

const functionNames = new Map<string, string>();
const noop = () => {};
const remainingUntil = (deadline: number) => Math.max(0, deadline - Date.now());

function lambdaContext(handlerName: string): Context {
  let functionName = functionNames.get(handlerName);
  if (functionName === undefined) {
    functionName = `local-${handlerName.replace(/[^\w-]+/g, "-")}`.slice(0, 64);
    functionNames.set(handlerName, functionName);
  }
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    // Shared and bound functions rather than closures made per call.
    getRemainingTimeInMillis: remainingUntil.bind(undefined, deadline),
    done: noop,
    fail: noop,
    succeed: noop,
  };
}
