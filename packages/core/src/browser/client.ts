/**
 * The jobs worker's side of the browser function (protocol.ts; docs/security.md, "The audit
 * browser"): one synchronous Lambda Invoke per run. Locally the same SDK client reaches the
 * local stack's Invoke stand-in through AWS_ENDPOINT_URL_LAMBDA (packages/devstack).
 */
import { InvokeCommand, LambdaClient } from "@aws-sdk/client-lambda";
import { Function as Functions } from "sst/node/function";
import * as z from "../contracts/zod";
import { UnprocessableError } from "../errors";
import {
  BROWSER_OVERHEAD_MS,
  type BrowserRequest,
  browserRequestSchema,
  browserResponseSchema,
} from "./protocol";

declare module "sst/node/function" {
  export interface FunctionResources {
    Browser: { functionName: string };
  }
}

/** The browser failed (crashed, timed out, answered nonsense): the queue retries the job. */
export class BrowserRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BrowserRunError";
  }
}

let client: LambdaClient | undefined;
function lambda(): LambdaClient {
  // One attempt: a run takes minutes, and a failed one is retried by the queue, not the SDK.
  client ??= new LambdaClient({ maxAttempts: 1 });
  return client;
}

/** The answer of a browser run that is not the result: what executeJob takes as final. */
function unstorable(): z.$ZodError {
  return new z.$ZodRealError([
    {
      code: "custom",
      path: [],
      input: undefined,
      message: "The browser's result does not fit what is stored",
    },
  ]);
}

/**
 * Runs one task on the browser function and returns its result, unchecked: the caller parses
 * it with the schema of what it stores. Throws UnprocessableError for a final answer (the
 * guard refused the address, the page cannot be scored), a ZodError for a result too large to
 * store, and BrowserRunError for anything the queue should retry.
 */
export async function runInBrowser(request: BrowserRequest): Promise<unknown> {
  const payload = JSON.stringify(browserRequestSchema.parse(request));
  const answer = await lambda().send(
    new InvokeCommand({
      FunctionName: Functions.Browser.functionName,
      InvocationType: "RequestResponse",
      Payload: new TextEncoder().encode(payload),
    }),
    // The worker waits for the browser, and no longer than the browser itself may take.
    { abortSignal: AbortSignal.timeout(request.deadlineMs + BROWSER_OVERHEAD_MS) },
  );
  const text = answer.Payload ? new TextDecoder().decode(answer.Payload) : "";
  if (answer.FunctionError) {
    const error = parseJson(text) as { errorType?: unknown; errorMessage?: unknown } | undefined;
    throw new BrowserRunError(
      `The browser function failed (${String(error?.errorType ?? answer.FunctionError)}): ` +
        String(error?.errorMessage ?? text.slice(0, 500)),
    );
  }
  const parsed = browserResponseSchema.safeParse(parseJson(text));
  if (!parsed.success) throw new BrowserRunError("The browser function's answer is malformed");
  const response = parsed.data;
  switch (response.outcome) {
    case "done":
      return response.result;
    case "refused":
      throw new UnprocessableError(response.message);
    case "unstorable":
      throw unstorable();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
