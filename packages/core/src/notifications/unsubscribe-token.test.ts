import { describe, expect, it } from "vitest";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";

const key = "k".repeat(32);

describe("unsubscribe tokens", () => {
  it("verify for the user they were made for", () => {
    const token = signUnsubscribeToken(key, "user_2abcDEF");
    expect(verifyUnsubscribeToken(key, token)).toEqual({
      accountId: "user_2abcDEF",
      personId: "user_2abcDEF",
    });
  });

  it("refuse another key, another user's id with this signature, and garbage", () => {
    const token = signUnsubscribeToken(key, "user_a");
    expect(verifyUnsubscribeToken("x".repeat(32), token)).toBeNull();
    const [version, , signature] = token.split(".");
    const swapped = `${version}.${Buffer.from("user_b").toString("base64url")}.${signature}`;
    expect(verifyUnsubscribeToken(key, swapped)).toBeNull();
    for (const bad of ["", "u1", "u1..", "u1.dXNlcl9h.", `${token}.x`, "user_a"]) {
      expect(verifyUnsubscribeToken(key, bad)).toBeNull();
    }
    expect(verifyUnsubscribeToken("", token)).toBeNull();
  });

  it("name a member of another account, and only the pair they were made for", () => {
    const token = signUnsubscribeToken(key, "user_acct", "user_member");
    expect(verifyUnsubscribeToken(key, token)).toEqual({
      accountId: "user_acct",
      personId: "user_member",
    });
    const [version, account, person, signature] = token.split(".");
    // Swapping the two ids, or dropping the member to make it the account's own, is refused.
    expect(verifyUnsubscribeToken(key, `${version}.${person}.${account}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `u1.${account}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `u2.${account}.${account}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken("x".repeat(32), token)).toBeNull();
  });

  it("do not carry the user id in the clear", () => {
    expect(signUnsubscribeToken(key, "user_a")).not.toContain("user_a");
  });
});
