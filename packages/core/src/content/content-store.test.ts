/**
 * The content store's presigned URLs, signed offline (no S3 call): the upload fixes the key,
 * length, type and tag; a download names the file; the bucket's binding is read at first use
 * and its absence is an error that names it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADAPTER_BINDINGS, bindingVariable } from "../adapters/bindings";
import { attachmentDisposition, presignDownload, presignUpload } from "../adapters/content-store";

const CONTENT_BUCKET_BINDING = bindingVariable(ADAPTER_BINDINGS.contentStore.binding);

const saved = { ...process.env };
beforeEach(() => {
  Object.assign(process.env, {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
    AWS_SECRET_ACCESS_KEY: "secret",
  });
  // Signed as on AWS, even when the suite runs beside a local stack that set s3rver's ways.
  delete process.env.AWS_ENDPOINT_URL_S3;
  delete process.env.SST_Parameter_value_S3_FORCE_PATH_STYLE;
});
afterEach(() => {
  process.env = { ...saved };
});

describe("the content store", () => {
  it("says which binding is missing, at first use rather than at import", async () => {
    delete process.env[CONTENT_BUCKET_BINDING];
    await expect(presignUpload("users/u/content/f", "image/png", 10, 60)).rejects.toThrow(
      /Bucket\.Screenshots\.bucketName is not bound.*content:read or content:upload or content:write/,
    );
  });

  it("signs the length, the type and the unconfirmed tag into an upload", async () => {
    process.env[CONTENT_BUCKET_BINDING] = "portal-content-test";
    const { url, headers } = await presignUpload("users/u1/content/F1", "image/png", 1234, 900);
    const signed = new URL(url);
    expect(signed.hostname).toBe("portal-content-test.s3.us-east-1.amazonaws.com");
    expect(signed.pathname).toBe("/users/u1/content/F1");
    expect(signed.searchParams.get("X-Amz-SignedHeaders")).toBe(
      "content-length;content-type;host;if-none-match;x-amz-tagging",
    );
    expect(signed.searchParams.get("X-Amz-Expires")).toBe("900");
    // No checksum of an empty body signed in: S3 would refuse every real file.
    expect([...signed.searchParams.keys()].some((k) => /checksum/i.test(k))).toBe(false);
    // If-None-Match: a used upload URL cannot overwrite the confirmed file (docs/security.md).
    expect(headers).toEqual({
      "Content-Type": "image/png",
      "If-None-Match": "*",
      "x-amz-tagging": "content-state=unconfirmed",
    });
  });

  it("hands out anything but a preview as an attachment under its own name", async () => {
    process.env[CONTENT_BUCKET_BINDING] = "portal-content-test";
    const saved = new URL(
      await presignDownload("users/u1/content/F1", "Café menu.pdf", {
        inline: false,
        contentType: "application/pdf",
        expiresIn: 60,
      }),
    );
    expect(saved.searchParams.get("response-content-disposition")).toBe(
      attachmentDisposition("Café menu.pdf"),
    );
    expect(attachmentDisposition("Café menu.pdf")).toBe(
      `attachment; filename="Caf_ menu.pdf"; filename*=UTF-8''Caf%C3%A9%20menu.pdf`,
    );
    // RFC 5987's attr-char has no ' ( ) or *: they are percent-encoded in filename*.
    expect(attachmentDisposition("it's (draft)*.pdf")).toBe(
      `attachment; filename="it_s _draft__.pdf"; filename*=UTF-8''it%27s%20%28draft%29%2A.pdf`,
    );
    const value = attachmentDisposition("a!b~c'd(e)f*g.txt").split("filename*=UTF-8''")[1];
    expect(value).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(value ?? "")).toBe("a!b~c'd(e)f*g.txt");
    const preview = new URL(
      await presignDownload("users/u1/content/F2", "logo.png", {
        inline: true,
        contentType: "image/png",
        expiresIn: 60,
      }),
    );
    expect(preview.searchParams.get("response-content-disposition")).toBe("inline");
    expect(preview.searchParams.get("response-content-type")).toBe("image/png");
  });
});
