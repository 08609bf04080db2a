/**
 * The Lambda@Edge not-found function's source (stacks/hosting-not-found.ts), run as Lambda
 * would run the inline index.js, with S3 answered by a stand-in: a deployment's own 404.html
 * with status 404, a plain 404 otherwise, and never another deployment's file.
 */
import { describe, expect, test } from "vitest";
import { NOT_FOUND_HEADER, notFoundHandlerSource } from "../../stacks/hosting-not-found";

type Headers = Record<string, { key?: string; value: string }[]>;
interface CfResponse {
  status: string;
  statusDescription?: string;
  headers: Headers;
  body?: string;
}

function load(objects: Record<string, { body: string; type?: string; cacheControl?: string }>) {
  const asked: string[] = [];
  class GetObjectCommand {
    constructor(readonly input: { Bucket: string; Key: string }) {}
  }
  class S3Client {
    async send(command: GetObjectCommand) {
      asked.push(`${command.input.Bucket}/${command.input.Key}`);
      const object = objects[command.input.Key];
      if (!object) throw Object.assign(new Error("NoSuchKey"), { name: "NoSuchKey" });
      return {
        ContentLength: Buffer.byteLength(object.body),
        ContentType: object.type,
        CacheControl: object.cacheControl,
        Body: { transformToString: async () => object.body },
      };
    }
  }
  const module = { exports: {} as { handler: (event: unknown) => Promise<CfResponse> } };
  const requireStub = (name: string) => {
    if (name !== "@aws-sdk/client-s3") throw new Error(`unexpected require ${name}`);
    return { S3Client, GetObjectCommand };
  };
  new Function("require", "module", "exports", notFoundHandlerSource("hosting-bucket"))(
    requireStub,
    module,
    module.exports,
  );
  return { handler: module.exports.handler, asked };
}

function event(uri: string, status: string, notFound?: string) {
  const headers: Headers = {};
  if (notFound) headers[NOT_FOUND_HEADER] = [{ key: NOT_FOUND_HEADER, value: notFound }];
  return {
    Records: [{ cf: { request: { uri, headers }, response: { status, headers: {} } } }],
  };
}

const ID = "01jdeploymentaaaaaaaaaaaaa";
const PAGE = `/deployments/${ID}/404.html`;

describe("the not-found origin-response function", () => {
  test("a missing path of a deployment with a 404.html gets that page, status 404", async () => {
    const { handler, asked } = load({
      [PAGE.slice(1)]: { body: "<h1>Lost?</h1>", type: "text/html; charset=utf-8" },
    });
    const response = await handler(event(`/deployments/${ID}/nope/index.html`, "403", PAGE));
    expect(response.status).toBe("404");
    expect(response.body).toBe("<h1>Lost?</h1>");
    expect(response.headers["content-type"]?.[0]?.value).toBe("text/html; charset=utf-8");
    expect(asked).toEqual([`hosting-bucket/${PAGE.slice(1)}`]);
  });

  test("without a 404.html: a plain 404, and S3 is not asked", async () => {
    const { handler, asked } = load({});
    const response = await handler(event(`/deployments/${ID}/nope.css`, "403"));
    expect(response.status).toBe("404");
    expect(response.body).toBe("Not found");
    expect(asked).toEqual([]);
  });

  test("another deployment's page is never read", async () => {
    const other = "/deployments/01jotherdeploymentbbbbbbbb/404.html";
    const { handler, asked } = load({ [other.slice(1)]: { body: "secret" } });
    const response = await handler(event(`/deployments/${ID}/x.html`, "404", other));
    expect(response.body).toBe("Not found");
    expect(asked).toEqual([]);
  });

  test("a page that has gone is a plain 404; a found file passes through untouched", async () => {
    const { handler } = load({});
    expect((await handler(event(`/deployments/${ID}/x`, "404", PAGE))).body).toBe("Not found");
    const ok = await handler(event(`/deployments/${ID}/index.html`, "200", PAGE));
    expect(ok).toEqual({ status: "200", headers: {} });
  });
});
