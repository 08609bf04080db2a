/** The local stack's HTTP surface: the API adapter's edges, the dev identity provider, the SPA. */
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { bearer, cookieHeader, signUp, uniqueEmail } from "../support/dev-identity";
import { stackUrl } from "../support/stack";

const url = stackUrl();

/** fetch() refuses a body on GET; API Gateway passes one on, so the wrapper must cope. */
function rawRequest(method: string, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    // An explicit length: Node sends a GET body unframed otherwise.
    const length = { "content-length": String(Buffer.byteLength(body)) };
    const req = request(`${url}${path}`, { method, headers: { ...headers, ...length } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("API adapter", () => {
  it("answers a malformed JSON body with 400", async () => {
    const { token } = await signUp();
    const response = await rawRequest(
      "GET",
      "/api/auth/user",
      { ...bearer(token), "content-type": "application/json" },
      '{"firstName": ',
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: { code: "invalid_json", message: "Request body is not valid JSON" },
    });
  });

  it("answers an unknown /api route with a 404 JSON error", async () => {
    const response = await fetch(`${url}/api/no/such/route`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("answers a path parameter that is not valid percent-encoding with 400, as API Gateway does", async () => {
    const response = await fetch(`${url}/api/sites/%E0/uptime`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "bad_request" } });
  });

  it("treats a known path with another method as unknown, as API Gateway does", async () => {
    const response = await fetch(`${url}/api/auth/user`, { method: "DELETE" });
    expect(response.status).toBe(404);
  });
});

describe("the stack's own controls (/__devstack)", () => {
  // An invalid fault: should a refusal fail to hold, the control answers 400 and sets nothing.
  const notAFault = JSON.stringify({ error: "NoSuchError" });
  const faults = "/__devstack/faults/dynamodb";

  it("refuse a change posted by another site's page", async () => {
    const crossSite = await rawRequest(
      "POST",
      faults,
      { "content-type": "application/json", origin: "https://attacker.example" },
      notAFault,
    );
    expect(crossSite.status).toBe(403);
    // A form or a no-cors fetch can only send a "simple" type, never JSON.
    const form = await rawRequest("POST", faults, { "content-type": "text/plain" }, notAFault);
    expect(form.status).toBe(403);
    // Its own origin, as JSON, reaches the control (which refuses the fault itself).
    const own = await rawRequest(
      "POST",
      faults,
      { "content-type": "application/json", origin: new URL(url).origin },
      notAFault,
    );
    expect(own.status).toBe(400);
  });

  it("answer on a loopback host only: a rebound domain cannot read them", async () => {
    const rebound = await rawRequest(
      "GET",
      "/__devstack/mail/messages.json",
      { host: "attacker.example" },
      "",
    );
    expect(rebound.status).toBe(403);
    const local = await rawRequest("GET", "/__devstack/mail/messages.json", {}, "");
    expect(local.status).toBe(200);
  });
});

describe("development identity provider", () => {
  it("signs up, refuses the same email twice, and validates fields", async () => {
    const email = uniqueEmail("dup");
    const first = await fetch(`${url}/dev-identity/sign-up`, {
      ...json({ email, password: "long enough", firstName: "A", lastName: "B" }),
    });
    expect(first.status).toBe(201);
    const cookies = first.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("__client="))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith("__session="))).not.toMatch(/HttpOnly/);

    const again = await fetch(`${url}/dev-identity/sign-up`, {
      ...json({
        email: email.toUpperCase(),
        password: "long enough",
        firstName: "A",
        lastName: "B",
      }),
    });
    expect(again.status).toBe(409);

    const invalid = await fetch(`${url}/dev-identity/sign-up`, {
      ...json({ email: "nope", password: "short", firstName: "", lastName: "B" }),
    });
    expect(invalid.status).toBe(400);
    const { error } = (await invalid.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(["email", "firstName", "password"]);
  });

  it("signs in with the right password only", async () => {
    const { user } = await signUp({ email: uniqueEmail("login"), password: "right password" });
    const wrong = await fetch(`${url}/dev-identity/sign-in`, {
      ...json({ email: user.email, password: "wrong password" }),
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${url}/dev-identity/sign-in`, {
      ...json({ email: user.email, password: "right password" }),
    });
    expect(right.status).toBe(200);
    expect(((await right.json()) as { user: unknown }).user).toEqual(user);
  });

  it("issues fresh tokens for a live session and none after sign-out", async () => {
    const { cookie, user } = await signUp();
    const token = await fetch(`${url}/dev-identity/tokens`, {
      method: "POST",
      headers: { cookie },
    });
    expect(token.status).toBe(200);
    const { jwt } = (await token.json()) as { jwt: string };
    const me = await fetch(`${url}/api/auth/user`, { headers: bearer(jwt) });
    expect(((await me.json()) as { id: string }).id).toBe(user.id);

    const out = await fetch(`${url}/dev-identity/sign-out`, {
      method: "POST",
      headers: { cookie },
    });
    expect(out.status).toBe(204);
    expect(cookieHeader(out)).toBe("__session=; __client=");

    const after = await fetch(`${url}/dev-identity/tokens`, {
      method: "POST",
      headers: { cookie },
    });
    expect(after.status).toBe(401);
    const meAfter = await fetch(`${url}/dev-identity/me`, { headers: { cookie } });
    expect(meAfter.status).toBe(401);
  });
});

describe("SPA", () => {
  it("answers app routes with the HTML shell and missing files with 404", async () => {
    const page = await fetch(`${url}/dashboard/sites`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/<html/i);

    const missing = await fetch(`${url}/assets/does-not-exist.js`);
    expect(missing.status).toBe(404);
  });
});
