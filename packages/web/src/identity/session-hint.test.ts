import { describe, expect, it } from "vitest";
import { mayHaveSession } from "./session-hint";

describe("mayHaveSession", () => {
  it.each([
    ["__session=eyJ.a.b", true],
    ["theme=dark; __session_Ab12=eyJ.a.b", true],
    ["__client_uat=1732360000", true],
    ["__client_uat_Ab12=1732360000; other=1", true],
  ])("%s: maybe signed in", (cookies, expected) => {
    expect(mayHaveSession(cookies)).toBe(expected);
  });

  it.each([
    [""],
    ["__client_uat=0"],
    ["__client_uat_Ab12=0; __client_uat=0"],
    ["__session="],
    ["my__session=x; session=y; __client=abc"],
  ])("%j: nobody is signed in", (cookies) => {
    expect(mayHaveSession(cookies)).toBe(false);
  });
});
