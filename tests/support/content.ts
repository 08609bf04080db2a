/**
 * Uploading a customer's file the way the SPA does (docs/content.md): ask for a presigned PUT,
 * PUT exactly its signed headers and bytes to the bucket, then confirm. For every test that
 * needs a file to exist (content, ticket and review attachments).
 */
import { expect } from "vitest";
import type { apiAt } from "./api";
import type { SignedIn } from "./dev-identity";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as in api.ts
type Json = Record<string, any>;

/** A call() made by apiAt() for the stack under test. */
type Call = ReturnType<typeof apiAt>;

/** The smallest bytes each type check (content/magic.ts) takes for that type. */
export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72,
]);
export const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n");

/** PUTs the bytes as the browser does: the presigned URL and exactly its signed headers. */
export function put(upload: Json, bytes: Uint8Array, headers: Record<string, string> = {}) {
  return fetch(upload.url, {
    method: "PUT",
    headers: { ...upload.headers, ...headers },
    body: bytes,
  });
}

/** Uploads through one stack: `start` asks for the presigned PUT, `upload` does all three steps. */
export function uploadsAt(call: Call) {
  async function start(who: SignedIn, body: Json, path = "/api/content/uploads") {
    return call(who, "POST", path, body);
  }

  /** Starts, PUTs and confirms one file; answers the confirmed file. */
  async function upload(
    who: SignedIn,
    bytes: Uint8Array,
    declared: Json = {},
  ): Promise<{ id: string; key: string; file: Json }> {
    const started = await start(who, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: bytes.byteLength,
      ...declared,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const stored = await put(started.body.upload, bytes);
    expect(stored.status, await stored.text()).toBe(200);
    const confirmed = await call(who, "POST /api/content/files/{id}/confirm", {
      params: { id: started.body.file.id },
      body: {
        key: started.body.file.key,
      },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return { id: started.body.file.id, key: started.body.file.key, file: confirmed.body };
  }

  return { start, upload };
}
