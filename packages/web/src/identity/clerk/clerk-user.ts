/** Clerk's user as the app's IdentityUser. */
import type { UserResource } from "@clerk/react/types";
import type { IdentityUser } from "../types";

export type ClerkUser = Pick<
  UserResource,
  "id" | "primaryEmailAddress" | "firstName" | "lastName" | "imageUrl"
>;

export function identityUser(user: ClerkUser): IdentityUser {
  return {
    id: user.id,
    // The address the person chose as primary in Clerk (the one the session token's email
    // claim carries), not whichever address they added first.
    email: user.primaryEmailAddress?.emailAddress ?? null,
    firstName: user.firstName,
    lastName: user.lastName,
    imageUrl: user.imageUrl || null,
  };
}
