import { InvokeCommand, LambdaClient } from "@aws-sdk/client-lambda";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { $ZodError } from "../contracts/zod";
import { UnprocessableError } from "../errors";
import type { BrowserRequest } from "./protocol";

// sst/node reads its bindings once, at import: set them before the client is loaded.
const FUNCTION_NAME = "test-site-portal-Browser";
let client: typeof import("./client");
const lambda = mockClient(LambdaClient);

beforeAll(async () => {
  process.env.SST_APP = "site-portal";
  process.env.SST_STAGE = "test";
  process.env.SST_Function_functionName_Browser = FUNCTION_NAME;
  process.env.AWS_REGION = "us-east-1";
  client = await import("./client");
});

afterAll(() => {
  lambda.restore();
  delete process.env.SST_Function_functionName_Browser;
});

beforeEach(() => {
  lambda.reset();
});

const seo: BrowserRequest = {
  task: "seo",
  url: "https://bakery.example.com/",
  allowHosts: [],
  deadlineMs: 1000,
};
const answer = (payload: unknown, functionError?: string) => ({
  StatusCode: 200,
  FunctionError: functionError,
  Payload: new TextEncoder().encode(JSON.stringify(payload)) as never,
});

describe("runInBrowser", () => {
  it("invokes the bound browser function synchronously with the request and returns the result", async () => {
    lambda.on(InvokeCommand).resolves(answer({ outcome: "done", result: { score: 80 } }));
    expect(await client.runInBrowser(seo)).toEqual({ score: 80 });
    const [call] = lambda.commandCalls(InvokeCommand);
    expect(call?.args[0].input).toMatchObject({
      FunctionName: FUNCTION_NAME,
      InvocationType: "RequestResponse",
    });
    const sent = JSON.parse(new TextDecoder().decode(call?.args[0].input.Payload as Uint8Array));
    expect(sent).toEqual(seo);
  });

  it("turns a refusal into the customer's message, final", async () => {
    lambda.on(InvokeCommand).resolves(answer({ outcome: "refused", message: "Not reachable" }));
    const error = await client.runInBrowser(seo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableError);
    expect((error as Error).message).toBe("Not reachable");
  });

  it("turns an unstorable answer into the ZodError the job stores as such", async () => {
    lambda.on(InvokeCommand).resolves(answer({ outcome: "unstorable" }));
    await expect(client.runInBrowser(seo)).rejects.toBeInstanceOf($ZodError);
  });

  it("turns a function error or a malformed answer into a retryable BrowserRunError", async () => {
    lambda
      .on(InvokeCommand)
      .resolvesOnce(
        answer({ errorType: "JobTimeoutError", errorMessage: "did not finish" }, "Unhandled"),
      )
      .resolvesOnce(answer({ outcome: "done-ish" }));
    const crash = await client.runInBrowser(seo).catch((e: unknown) => e);
    expect(crash).toBeInstanceOf(client.BrowserRunError);
    expect((crash as Error).message).toContain("JobTimeoutError");
    expect((crash as Error).message).toContain("did not finish");
    await expect(client.runInBrowser(seo)).rejects.toThrow("answer is malformed");
  });

  it("refuses a request the browser would refuse, before invoking", async () => {
    await expect(client.runInBrowser({ ...seo, deadlineMs: 0 })).rejects.toBeInstanceOf($ZodError);
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(0);
  });
});
