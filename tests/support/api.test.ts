/**
 * One way for tests to call the API: tests/support/api.ts. A test file that builds its own
 * JSON request or reads its own JSON answer with fetch() is a copy that drifts (one parsed
 * `json`, another `body`; one sent no content-type), so it fails here and names the file.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const testsDir = fileURLToPath(new URL("..", import.meta.url));
/** The helper itself, and this file, which spells the signs out. */
const ALLOWED = [path.join("support", "api.ts"), path.join("support", "api.test.ts")];

/** What gives a copy of the helper away, each with why it counts. */
const COPY_SIGNS: [RegExp, string][] = [
  [/\bfunction\s+call\s*\(/, "defines its own call()"],
  [/body === undefined \? undefined : JSON\.stringify\(body\)/, "builds its own JSON request"],
  [/text \? JSON\.parse\(text\) : undefined/, "reads its own JSON answer"],
];

function copySigns(source: string): string[] {
  return COPY_SIGNS.filter(([sign]) => sign.test(source)).map(([, why]) => why);
}

function testSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.relative(testsDir, path.join(entry.parentPath, entry.name)));
}

describe("the API helper is written once", () => {
  it("no file under tests/ has a call() helper of its own", () => {
    const copies = testSources(testsDir)
      .filter((file) => !ALLOWED.includes(file))
      .map((file) => ({ file, signs: copySigns(readFileSync(path.join(testsDir, file), "utf8")) }))
      .filter(({ signs }) => signs.length > 0);
    expect(copies).toEqual([]);
  });

  it("recognises the copy the integration files used to carry", () => {
    const oldCopy = `
async function call(who: SignedIn, method: string, path: string, body?: unknown) {
  const response = await fetch(\`\${url}\${path}\`, {
    method,
    headers: { ...bearer(who.token), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}`;
    expect(copySigns(oldCopy)).toEqual([
      "defines its own call()",
      "builds its own JSON request",
      "reads its own JSON answer",
    ]);
    // The shared helper's own users are not copies.
    expect(copySigns('const call = apiAt(url);\nawait call(who, "GET", "/api/sites");')).toEqual(
      [],
    );
  });
});
