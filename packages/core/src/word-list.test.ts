import { describe, expect, it } from "vitest";
import { midSentence, wordList } from "./word-list";

describe("wordList", () => {
  it("joins none, one, two and more items with commas and the conjunction", () => {
    expect(wordList([], "or")).toBe("");
    expect(wordList(["Starter"], "or")).toBe("Starter");
    expect(wordList(["a", "b"], "and")).toBe("a and b");
    expect(wordList(["Starter", "Professional", "Enterprise"], "or")).toBe(
      "Starter, Professional or Enterprise",
    );
  });
});

describe("midSentence", () => {
  it("lower-cases the first letter, except of an acronym", () => {
    expect(midSentence("Advanced analytics")).toBe("advanced analytics");
    expect(midSentence("SEO optimization included")).toBe("SEO optimization included");
    expect(midSentence("3 websites")).toBe("3 websites");
  });
});
