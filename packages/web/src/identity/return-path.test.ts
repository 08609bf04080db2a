import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterSignInPath, forgetReturnPath, invitedEmail, rememberReturnPath } from "./return-path";

/** The browser's session storage, as the module reads it. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe("the way back to an invitation after signing in", () => {
  let storage: Storage;
  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal("window", { sessionStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("goes to /sales when nothing was remembered", () => {
    expect(afterSignInPath()).toBe("/sales");
  });

  it("goes back to the invitation remembered, until it is forgotten", () => {
    rememberReturnPath("/invitations/YWNjXzE6MDFK.s3cr-et_X");
    expect(afterSignInPath()).toBe("/invitations/YWNjXzE6MDFK.s3cr-et_X");
    expect(afterSignInPath()).toBe("/invitations/YWNjXzE6MDFK.s3cr-et_X");
    forgetReturnPath();
    expect(afterSignInPath()).toBe("/sales");
  });

  it("keeps the invited address for the forms while the way back is remembered", () => {
    expect(invitedEmail()).toBeUndefined();
    rememberReturnPath("/invitations/abc.def", "mia@example.com");
    expect(invitedEmail()).toBe("mia@example.com");
    rememberReturnPath("/invitations/other");
    expect(invitedEmail()).toBeUndefined();
    rememberReturnPath("/invitations/abc.def", "mia@example.com");
    forgetReturnPath();
    expect(invitedEmail()).toBeUndefined();
  });

  it.each([
    "https://evil.example/invitations/abc",
    "//evil.example/invitations/abc",
    "/billing",
    "/invitations/abc/../../billing",
    "/invitations/",
  ])("never remembers or takes back anything but an invitation's page: %s", (path) => {
    rememberReturnPath(path);
    expect(afterSignInPath()).toBe("/sales");
    // Nor what someone else wrote into the storage.
    storage.setItem("afterSignIn", path);
    expect(afterSignInPath()).toBe("/sales");
  });

  it("goes the usual way when the storage refuses", () => {
    vi.stubGlobal("window", {
      get sessionStorage(): Storage {
        throw new Error("denied");
      },
    });
    rememberReturnPath("/invitations/abc");
    expect(afterSignInPath()).toBe("/sales");
  });
});
