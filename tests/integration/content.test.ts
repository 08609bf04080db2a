/**
 * The customer's content (docs/content.md) through the local stack: a presigned PUT to s3rver
 * and the confirm that checks the object; every refusal (type, size, quota, name, key, missing
 * or mismatching object, someone else's file) as a 4xx naming the field with nothing left
 * stored; the bucket's CORS for the SPA's origin only; the team's audited side; ticket
 * attachments; and erasure with the site, at the end of a subscription (S3 empty under the
 * customer's prefix).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { PDF, PNG, put, uploadsAt } from "../support/content";
import { LAPSED_CUSTOMER } from "../support/customer-state";
import { type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

useStackEnv();
const { db } = await import("@portal/core/db/service");
const Blobs = await import("@portal/core/adapters/blobs");
const url = stackUrl();

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as in payments.support.ts
type Json = Record<string, any>;

const call = apiAt(url);

const contentKeys = (userId: string) => Blobs.listKeys(`users/${userId}/content/`);
const { start: startUpload, upload } = uploadsAt(call);

let customer: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  [customer, other] = await Promise.all([
    signUpCustomer({ firstName: "Cora" }),
    signUpCustomer({ firstName: "Otto" }),
  ]);
});

describe("an upload", () => {
  it("goes straight to the bucket under the customer's prefix and is listed once confirmed", async () => {
    const started = await startUpload(customer, {
      fileName: "Café logo.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
      purpose: "logo",
    });
    expect(started.status).toBe(201);
    const { file, upload: presigned } = started.body;
    expect(file.key).toBe(`users/${customer.user.id}/content/${file.id}`);
    expect(presigned.method).toBe("PUT");
    // Not listed while pending.
    const before = await call(customer, "GET", "/api/content/files");
    expect(before.body.files.map((f: Json) => f.id)).not.toContain(file.id);

    expect((await put(presigned, PNG)).status).toBe(200);
    const confirmed = await call(customer, "POST /api/content/files/{id}/confirm", {
      params: { id: file.id },
      body: {
        key: file.key,
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      id: file.id,
      name: "Café logo.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
      purpose: "logo",
      uploadedBy: "customer",
    });

    const listed = await call(customer, "GET", "/api/content/files");
    const mine = listed.body.files.find((f: Json) => f.id === file.id);
    expect(mine).toBeDefined();
    expect(listed.body.usage.quotaBytes).toBe(5 * 1024 ** 3);
    expect(listed.body.usage.usedBytes).toBeGreaterThanOrEqual(PNG.byteLength);

    // The download saves the file; the raster preview is shown inline, as an image.
    const download = await fetch(mine.downloadUrl);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
    const preview = await fetch(mine.previewUrl);
    expect(preview.headers.get("content-disposition")).toBe("inline");
    expect(preview.headers.get("content-type")).toBe("image/png");
  });

  it("hands out a PDF or an SVG only as an attachment, never with a preview", async () => {
    const pdf = await upload(customer, PDF, {
      fileName: "brief.pdf",
      contentType: "application/pdf",
    });
    expect(pdf.file.previewUrl).toBeNull();
    const svgBytes = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const svg = await upload(customer, svgBytes, {
      fileName: "mark.svg",
      contentType: "image/svg+xml",
    });
    expect(svg.file.previewUrl).toBeNull();
    const saved = await fetch(svg.file.downloadUrl);
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("signs the length, the type and the unconfirmed tag into the upload", async () => {
    // S3 refuses a PUT whose signed headers differ; s3rver does not check V4 signatures, so
    // locally the confirm's checks below are what catch a different object (docs/content.md).
    const started = await startUpload(customer, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
    });
    const signed = new URL(started.body.upload.url).searchParams.get("X-Amz-SignedHeaders");
    // If-None-Match: the key is written once, so the URL cannot overwrite a confirmed file.
    expect(signed?.split(";")).toEqual([
      "content-length",
      "content-type",
      "host",
      "if-none-match",
      "x-amz-tagging",
    ]);
    expect(started.body.upload.headers).toEqual({
      "Content-Type": "image/png",
      "x-amz-tagging": "content-state=unconfirmed",
      "If-None-Match": "*",
    });
  });

  it("lets the SPA's origin, and no other, send the upload (CORS)", async () => {
    const started = await startUpload(customer, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
    });
    const preflight = (origin: string, method = "PUT") =>
      fetch(started.body.upload.url, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": method,
          "access-control-request-headers": "content-type,if-none-match,x-amz-tagging",
        },
      });
    const allowed = await preflight(url);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-methods")).toBe("PUT");
    expect((await preflight("https://evil.example")).status).toBe(403);
    expect((await preflight(url, "DELETE")).status).toBe(403);
  });
});

describe("bad input is refused with the field named and nothing stored", () => {
  async function refused(body: Json, status: number, field: string) {
    const before = await contentKeys(customer.user.id);
    const answer = await startUpload(customer, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: 100,
      ...body,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(Object.keys(answer.body.error.fields ?? {})).toContain(field);
    expect(await contentKeys(customer.user.id)).toEqual(before);
  }

  it("a type that is not allowed", () =>
    refused(
      { fileName: "setup.exe", contentType: "application/x-msdownload" },
      400,
      "contentType",
    ));
  it("a file over 25 MB", () => refused({ sizeBytes: 25 * 1024 * 1024 + 1 }, 400, "sizeBytes"));
  it("a name with a path separator", () =>
    refused({ fileName: "../etc/logo.png" }, 400, "fileName"));
  it("a name with a backslash", () => refused({ fileName: "a\\logo.png" }, 400, "fileName"));
  it("a name with a control character", () =>
    refused({ fileName: "lo\u0007go.png" }, 400, "fileName"));
  it("a name whose extension is not the type's", () =>
    refused({ fileName: "logo.pdf" }, 400, "fileName"));
  it("another customer's site", async () => {
    const { data: site } = await db.entities.site
      .create({ userId: other.user.id, name: "Otto's", status: "requested" })
      .go();
    await refused({ siteId: site.siteId }, 400, "siteId");
  });

  it("a file past the plan's storage quota", async () => {
    const starter = await signUpCustomer({ firstName: "Quinn" });
    await db.entities.user
      .patch({ userId: starter.user.id })
      .set({ subscriptionPlan: "starter" })
      .go();
    // 1 GB on Starter: a confirmed file of 1 GB less 10 bytes leaves room for 10 bytes.
    await db.entities.contentFile
      .create({
        userId: starter.user.id,
        fileId: "01JZZZZZZZZZZZZZZZZZZZZZZZ",
        name: "video.zip",
        contentType: "application/zip",
        sizeBytes: 1024 ** 3 - 10,
        objectKey: `users/${starter.user.id}/content/01JZZZZZZZZZZZZZZZZZZZZZZZ`,
        purpose: "content",
        state: "confirmed",
        uploadedBy: "customer",
      })
      .go();
    const answer = await startUpload(starter, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: 11,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields.sizeBytes).toMatch(/does not fit in your storage/);
    const fits = await startUpload(starter, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: 10,
    });
    expect(fits.status).toBe(201);
  });

  it("uploads past the quota, however many are granted and confirmed at once", async () => {
    const starter = await signUpCustomer({ firstName: "Rita" });
    await db.entities.user
      .patch({ userId: starter.user.id })
      .set({ subscriptionPlan: "starter" })
      .go();
    // 1 GB on Starter, of which room is left for exactly five of these PNGs.
    await db.entities.contentFile
      .create({
        userId: starter.user.id,
        fileId: "01JZZZZZZZZZZZZZZZZZZZZZZY",
        name: "video.zip",
        contentType: "application/zip",
        sizeBytes: 1024 ** 3 - 5 * PNG.byteLength,
        objectKey: `users/${starter.user.id}/content/01JZZZZZZZZZZZZZZZZZZZZZZY`,
        purpose: "content",
        state: "confirmed",
        uploadedBy: "customer",
      })
      .go();
    const png = { fileName: "logo.png", contentType: "image/png", sizeBytes: PNG.byteLength };
    const started = await Promise.all(Array.from({ length: 20 }, () => startUpload(starter, png)));
    const granted = started.filter((a) => a.status === 201);
    expect(granted).toHaveLength(5);
    for (const refused of started.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(422);
      expect(refused.body.error.fields.sizeBytes).toMatch(/does not fit in your storage/);
    }
    for (const answer of granted) expect((await put(answer.body.upload, PNG)).status).toBe(200);
    // Twenty confirms at once: each granted upload four times over.
    const confirms = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const { file } = (granted[i % 5] as Json).body;
        return call(starter, "POST /api/content/files/{id}/confirm", {
          params: { id: file.id },
          body: { key: file.key },
        });
      }),
    );
    expect(confirms.map((c) => c.status)).toEqual(Array(20).fill(200));
    const listed = await call(starter, "GET", "/api/content/files");
    expect(listed.body.files).toHaveLength(6);
    expect(listed.body.usage.usedBytes).toBe(1024 ** 3);
    // Full: a sixth is refused; deleting one gives its room back.
    expect((await startUpload(starter, png)).status).toBe(422);
    const { file: first } = (granted[0] as Json).body;
    expect((await call(starter, "DELETE", `/api/content/files/${first.id}`)).status).toBe(204);
    expect((await startUpload(starter, png)).status).toBe(201);
  });

  it("at most twenty uploads in progress per customer", async () => {
    const busy = await signUpCustomer({ firstName: "Pia" });
    const png = { fileName: "logo.png", contentType: "image/png", sizeBytes: PNG.byteLength };
    const started = await Promise.all(Array.from({ length: 25 }, () => startUpload(busy, png)));
    expect(started.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = started.find((a) => a.status !== 201);
    expect(refused?.status).toBe(422);
    expect(refused?.body.error.message).toMatch(/20 uploads in progress/);
  });

  it("a confirm with a key outside the caller's prefix", async () => {
    const mine = await startUpload(customer, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
    });
    const theirs = await upload(other, PNG);
    const answer = await call(customer, "POST /api/content/files/{id}/confirm", {
      params: { id: mine.body.file.id },
      body: {
        key: theirs.key,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.key).toMatch(/not one of your uploads/);
    // The other customer's object is untouched.
    expect(await Blobs.listKeys(theirs.key)).toEqual([theirs.key]);
  });

  it("a confirm of an object that was never uploaded", async () => {
    const started = await startUpload(customer, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
    });
    const answer = await call(customer, "POST /api/content/files/{id}/confirm", {
      params: { id: started.body.file.id },
      body: {
        key: started.body.file.key,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.key).toMatch(/Nothing was uploaded/);
    const { data } = await db.entities.contentFile
      .get({ userId: customer.user.id, fileId: started.body.file.id })
      .go({ consistent: true });
    expect(data).toBeNull();
  });

  it("a confirm of an object whose bytes are not the declared type: deleted", async () => {
    // A PDF declared (and signed) as a PNG of its length: S3 takes it, the confirm does not.
    const started = await startUpload(customer, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: PDF.byteLength,
    });
    expect((await put(started.body.upload, PDF)).status).toBe(200);
    expect(await Blobs.listKeys(started.body.file.key)).toEqual([started.body.file.key]);
    const answer = await call(customer, "POST /api/content/files/{id}/confirm", {
      params: { id: started.body.file.id },
      body: {
        key: started.body.file.key,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.contentType).toMatch(/not a PNG image/);
    expect(await Blobs.listKeys(started.body.file.key)).toEqual([]);
    const listed = await call(customer, "GET", "/api/content/files");
    expect(listed.body.files.map((f: Json) => f.id)).not.toContain(started.body.file.id);
  });

  it("a confirm of an object of another size than declared: deleted", async () => {
    const started = await startUpload(customer, {
      fileName: "logo.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
    });
    // Written behind the API's back (a different length than the record says).
    await Blobs.putObject(started.body.file.key, new Uint8Array([...PNG, 1, 2]), "image/png");
    const answer = await call(customer, "POST /api/content/files/{id}/confirm", {
      params: { id: started.body.file.id },
      body: {
        key: started.body.file.key,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.sizeBytes).toMatch(/not the .* declared/);
    expect(await Blobs.listKeys(started.body.file.key)).toEqual([]);
  });

  it("another customer's file id: not found, whatever the route", async () => {
    const theirs = await upload(other, PNG);
    expect((await call(customer, "GET", `/api/content/files/${theirs.id}`)).status).toBe(404);
    expect((await call(customer, "DELETE", `/api/content/files/${theirs.id}`)).status).toBe(404);
    const confirm = await call(customer, "POST /api/content/files/{id}/confirm", {
      params: { id: theirs.id },
      body: {
        key: `users/${customer.user.id}/content/${theirs.id}`,
      },
    });
    expect(confirm.status).toBe(404);
    expect(await Blobs.listKeys(theirs.key)).toEqual([theirs.key]);
  });

  it("another customer's file as a ticket attachment", async () => {
    const theirs = await upload(other, PNG);
    const ticket = await call(customer, "POST /api/tickets", {
      body: {
        title: "The logo looks wrong",
        description: "See the attached screenshot please",
        category: "technical",
        priority: "medium",
      },
    });
    expect(ticket.status).toBe(201);
    const answer = await call(customer, "POST /api/tickets/{id}/messages", {
      params: { id: ticket.body.id },
      body: {
        message: "Here it is",
        attachments: [theirs.id],
      },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.error?.fields ?? {})).toEqual(["attachments"]);
    const thread = await call(customer, "GET /api/tickets/{id}", {
      params: { id: ticket.body.id },
    });
    expect(thread.body.messages).toEqual([]);
  });
});

describe("deleting a file", () => {
  it("removes the object and the record", async () => {
    const { id, key } = await upload(customer, PNG);
    expect((await call(customer, "DELETE", `/api/content/files/${id}`)).status).toBe(204);
    expect(await Blobs.listKeys(key)).toEqual([]);
    expect((await call(customer, "GET", `/api/content/files/${id}`)).status).toBe(404);
  });
});

describe("ticket attachments", () => {
  it("carry the customer's own files, and a staff member's proof, both ways", async () => {
    const staff = await signUpStaff({ firstName: "Stan" });
    const screenshot = await upload(customer, PNG, {
      fileName: "problem.png",
      purpose: "attachment",
    });
    const ticket = await call(customer, "POST /api/tickets", {
      body: {
        title: "Menu overlaps the logo",
        description: "On my phone the menu covers the logo",
        category: "technical",
        priority: "medium",
      },
    });
    const replied = await call(customer, "POST", `/api/tickets/${ticket.body.id}/messages`, {
      message: "Screenshot attached",
      attachments: [screenshot.id],
    });
    expect(replied.status).toBe(201);
    expect(replied.body.messages.at(-1).attachments).toEqual([
      {
        id: screenshot.id,
        name: "problem.png",
        contentType: "image/png",
        sizeBytes: PNG.byteLength,
      },
    ]);

    // The team uploads to the customer through the console's route.
    const started = await startUpload(
      staff,
      {
        fileName: "proof.pdf",
        contentType: "application/pdf",
        sizeBytes: PDF.byteLength,
        purpose: "proof",
      },
      `/api/staff/customers/${customer.user.id}/uploads`,
    );
    expect(started.status).toBe(201);
    expect(started.body.file.key.startsWith(`users/${customer.user.id}/content/`)).toBe(true);
    expect((await put(started.body.upload, PDF)).status).toBe(200);
    const confirmed = await call(
      staff,
      "POST /api/staff/customers/{userId}/files/{fileId}/confirm",
      {
        params: { userId: customer.user.id, fileId: started.body.file.id },
        body: { key: started.body.file.key },
      },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ uploadedBy: "staff", purpose: "proof" });

    const staffReply = await call(
      staff,
      "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages",
      {
        params: { userId: customer.user.id, ticketId: ticket.body.id },
        body: { message: "Here is the fixed version", attachments: [started.body.file.id] },
      },
    );
    expect(staffReply.status).toBe(201);
    const thread = await call(customer, "GET", `/api/tickets/${ticket.body.id}`);
    expect(thread.body.messages.at(-1).attachments.map((a: Json) => a.name)).toEqual(["proof.pdf"]);
    // The customer sees the proof among their files.
    const listed = await call(customer, "GET /api/content/files");
    expect(listed.body.files.map((f: Json) => f.id)).toContain(started.body.file.id);
  });
});

describe("the team's side", () => {
  it("lists without links, and each download and upload is in the audit log", async () => {
    const staff = await signUpStaff({ firstName: "Sue" });
    const { id } = await upload(customer, PNG, { fileName: "photo.png" });
    const listed = await call(staff, "GET /api/staff/customers/{userId}/files", {
      params: { userId: customer.user.id },
    });
    expect(listed.status).toBe(200);
    const file = listed.body.files.find((f: Json) => f.id === id);
    expect(file).toMatchObject({ downloadUrl: null, previewUrl: null, name: "photo.png" });

    const link = await call(staff, "POST /api/staff/customers/{userId}/files/{fileId}/download", {
      params: { userId: customer.user.id, fileId: id },
    });
    expect(link.status).toBe(200);
    const saved = await fetch(link.body.url);
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment;/);

    const log = await call(staff, "GET /api/staff/audit-log", {
      query: { targetType: "file", customerId: customer.user.id },
    });
    expect(log.body.items).toContainEqual(
      expect.objectContaining({ action: "file.download", targetId: id, actorId: staff.user.id }),
    );
    // Confirming the customer's confirmed file again hands out no link and logs no confirm:
    // every link the team gets is an audited download.
    const again = await call(
      staff,
      "POST",
      `/api/staff/customers/${customer.user.id}/files/${id}/confirm`,
      { key: `users/${customer.user.id}/content/${id}` },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, downloadUrl: null, previewUrl: null });
    const after = await call(
      staff,
      "GET",
      `/api/staff/audit-log?targetType=file&customerId=${customer.user.id}`,
    );
    expect(
      after.body.items.filter((e: Json) => e.targetId === id && e.action === "file.confirm"),
    ).toEqual([]);
    // A customer cannot reach the team's routes.
    expect(
      (
        await call(customer, "GET /api/staff/customers/{userId}/files", {
          params: { userId: customer.user.id },
        })
      ).status,
    ).toBe(403);
  });
});

describe("erasure", () => {
  async function siteWithFile(who: SignedIn, extra: Json = {}) {
    const { data: site } = await db.entities.site
      .create({ userId: who.user.id, name: "Bakery", status: "in_progress", ...extra })
      .go();
    const file = await upload(who, PNG, { siteId: site.siteId });
    expect(await Blobs.listKeys(file.key)).toEqual([file.key]);
    return { site, file };
  }

  it("takes the site's files with the site", async () => {
    const who = await signUpCustomer({ firstName: "Erin" });
    const { site, file } = await siteWithFile(who);
    const kept = await upload(who, PNG, { fileName: "other.png" });
    expect(
      (await call(who, "DELETE /api/sites/{id}", { params: { id: site.siteId } })).status,
    ).toBe(204);
    expect(await Blobs.listKeys(file.key)).toEqual([]);
    // A file of no site stays.
    expect(await contentKeys(who.user.id)).toEqual([kept.key]);
  });

  it("takes them at the end of a subscription", async () => {
    const who = await signUpCustomer({ firstName: "Enzo" });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const { site } = await siteWithFile(who, { suspendedAt: past });
    // The questionnaire's logo belongs to no site: it goes with the sites too.
    await upload(who, PNG, { fileName: "logo.png", purpose: "logo" });
    await db.entities.user
      .patch({ userId: who.user.id })
      .set({ subscriptionActive: false, sitesSuspendedAt: past, sitesDeleteAfter: past })
      .go();
    await db.entities.siteDeletion.create({ userId: who.user.id, deleteAfter: past }).go();
    const { handler } = await import("@portal/functions/workers/site-deletions");
    await handler({ now: new Date().toISOString() });
    const { data } = await db.entities.site
      .get({ userId: who.user.id, siteId: site.siteId })
      .go({ consistent: true });
    expect(data).toBeNull();
    expect(await contentKeys(who.user.id)).toEqual([]);
  });

  it("takes every file with the account", async () => {
    const who = await signUpCustomer({ firstName: "Elsa" }, url, LAPSED_CUSTOMER);
    const { data: site } = await db.entities.site
      .create({ userId: who.user.id, name: "Shop", status: "requested" })
      .go();
    await upload(who, PNG, { siteId: site.siteId });
    await upload(who, PNG, { fileName: "logo.png", purpose: "logo" });
    expect(await contentKeys(who.user.id)).toHaveLength(2);
    const deleted = await call(who, "DELETE /api/account", { body: { confirmation: "DELETE" } });
    expect(deleted.status).toBe(202);
    const end = Date.now() + 20_000;
    for (;;) {
      const { data } = await db.entities.user.get({ userId: who.user.id }).go({ consistent: true });
      if (!data) break;
      if (Date.now() > end) throw new Error("the account was not erased");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await contentKeys(who.user.id)).toEqual([]);
    const { data: records } = await db.entities.contentFile.query
      .byOwner({ userId: who.user.id })
      .go({ consistent: true });
    expect(records).toEqual([]);
  });

  it("is in the account's data export", async () => {
    const { buildArchive } = await import("@portal/core/privacy/export-job");
    const { strFromU8, unzipSync } = await import("fflate");
    const who = await signUpCustomer({ firstName: "Ezra" });
    const { id } = await upload(who, PNG, { fileName: "logo.png", purpose: "logo" });
    const zip = unzipSync(await buildArchive(who.user.id, new Date()));
    const data = JSON.parse(strFromU8(zip["data.json"] as Uint8Array));
    expect(data.files).toEqual([
      expect.objectContaining({ id, name: "logo.png", purpose: "logo", inArchive: true }),
    ]);
    expect(zip[`content/${id}/logo.png`]).toEqual(PNG);
  });
});
