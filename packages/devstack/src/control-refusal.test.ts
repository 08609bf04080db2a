/**
 * The stack's controls (/__devstack/*) refuse bodies that are not JSON, which a cross-site page
 * could post; an AWS API stand-in that speaks XML (the CloudFront one) takes them only when the
 * SDK signed the request, which a cross-site page cannot do without a preflight either.
 */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { controlRefusal } from "./local-stack";

const post = (headers: Record<string, string>) =>
  ({
    method: "POST",
    headers: { host: "127.0.0.1:3000", "content-length": "10", ...headers },
  }) as unknown as IncomingMessage;

const signed = {
  authorization:
    "AWS4-HMAC-SHA256 Credential=local/20261128/us-east-1/cloudfront/aws4_request, SignedHeaders=host, Signature=00",
};

describe("controlRefusal", () => {
  it("an XML body is refused by an ordinary control, signed or not", () => {
    expect(controlRefusal(post({ "content-type": "application/xml", ...signed }))).toBe(
      "The stack's controls take JSON bodies only",
    );
  });

  it("an AWS stand-in takes a signed XML body, and refuses an unsigned one", () => {
    const mount = { signedRequests: true } as const;
    expect(controlRefusal(post({ "content-type": "application/xml", ...signed }), mount)).toBe(
      undefined,
    );
    expect(controlRefusal(post({ "content-type": "text/plain" }), mount)).toBe(
      "The stack's controls take JSON bodies only",
    );
  });
});
