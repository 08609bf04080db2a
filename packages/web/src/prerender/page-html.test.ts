import { describe, expect, it } from "vitest";
import { pageHtml } from "../../prerender-plugin";

const shell = `<!doctype html><html><head><title>T</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;

describe("pageHtml", () => {
  it("puts the page's markup in #root, marked pre-rendered, and its styles in <head>", () => {
    const html = pageHtml(shell, {
      html: "<main>$& costs $1</main>",
      styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
    });
    expect(html).toContain('<style data-emotion="css abc">.css-abc{color:red}</style></head>');
    // Taken literally: "$&" and "$1" in a page's text are not replacement patterns.
    expect(html).toContain('<div id="root" data-prerendered><main>$& costs $1</main></div>');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  });

  it("refuses a shell without the empty #root it fills", () => {
    expect(() =>
      pageHtml("<html><head></head><body></body></html>", { html: "", styles: "" }),
    ).toThrow(/id="root"/);
  });
});
