import { describe, expect, it } from "vitest";
import { bootScript, pageHtml } from "../../prerender-plugin";
import { APP_SCRIPTS_ID } from "./app-scripts";

// The shell as Vite writes it: the app's entry and the modules it imports.
const shell = `<!doctype html><html><head><title>T</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/chakra-2.js">
  </head><body><div id="root"></div></body></html>`;
const boot = { src: "/assets/boot-x.js", preload: ["/assets/hint-y.js"] };
const page = {
  html: "<main>$& costs $1</main>",
  styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
};

describe("pageHtml", () => {
  it("puts the page's markup in #root, marked pre-rendered, and its styles in <head>", () => {
    const html = pageHtml(shell, page, boot);
    expect(html).toContain('<style data-emotion="css abc">.css-abc{color:red}</style>\n  </head>');
    // Taken literally: "$&" and "$1" in a page's text are not replacement patterns.
    expect(html).toContain('<div id="root" data-prerendered><main>$& costs $1</main></div>');
  });

  it("loads the boot script instead of the app, and hands it the app's modules as data", () => {
    const html = pageHtml(shell, page, boot);
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-x.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/hint-y.js">');
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).not.toContain('href="/assets/react-1.js"');
    const data = html.match(
      new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">(.*?)</script>`),
    )?.[1];
    expect(JSON.parse(data ?? "null")).toEqual({
      entry: "/assets/index-abc.js",
      preload: ["/assets/react-1.js", "/assets/chakra-2.js"],
    });
  });

  it("refuses a shell without the empty #root it fills, or without the app's script", () => {
    expect(() => pageHtml("<html><head></head><body></body></html>", page, boot)).toThrow(
      /id="root"/,
    );
    expect(() =>
      pageHtml('<html><head></head><body><div id="root"></div></body></html>', page, boot),
    ).toThrow(/module/);
  });
});

describe("bootScript", () => {
  it("names the boot chunk and every module it imports, once", () => {
    const manifest = {
      "src/prerender/boot.ts": { file: "assets/boot-x.js", imports: ["_hint.js", "_plan.js"] },
      "_hint.js": { file: "assets/hint-y.js" },
      "_plan.js": { file: "assets/plan-z.js", imports: ["_hint.js"] },
    };
    expect(bootScript(manifest)).toEqual({
      src: "/assets/boot-x.js",
      preload: ["/assets/hint-y.js", "/assets/plan-z.js"],
    });
  });

  it("refuses a build without the boot entry", () => {
    expect(() => bootScript({})).toThrow(/boot/);
  });
});
