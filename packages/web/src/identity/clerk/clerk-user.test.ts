import { describe, expect, it } from "vitest";
import { type ClerkUser, identityUser } from "./clerk-user";

const address = (emailAddress: string) =>
  ({ emailAddress }) as NonNullable<ClerkUser["primaryEmailAddress"]>;

describe("identityUser", () => {
  it("reads the primary e-mail address, not the first one added", () => {
    const first = address("old@example.com");
    const primary = address("new@example.com");
    const user = {
      id: "user_1",
      // Clerk lists addresses in the order they were added; this person made the second primary.
      emailAddresses: [first, primary],
      primaryEmailAddress: primary,
      firstName: "Ada",
      lastName: "Lovelace",
      imageUrl: "",
    } as ClerkUser;
    expect(identityUser(user)).toEqual({
      id: "user_1",
      email: "new@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      imageUrl: null,
    });
  });

  it("has no e-mail address when the user has no primary one", () => {
    const user = {
      id: "user_2",
      primaryEmailAddress: null,
      firstName: null,
      lastName: null,
      imageUrl: "https://img.example.com/u.png",
    } as ClerkUser;
    expect(identityUser(user)).toMatchObject({
      email: null,
      imageUrl: "https://img.example.com/u.png",
    });
  });
});
