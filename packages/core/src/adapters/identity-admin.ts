/**
 * The identity provider's admin side (Clerk's Backend API, through @clerk/backend's client):
 * deleting a customer's identity when they delete their account (docs/privacy.md). The client
 * is pointed at Config.CLERK_API_URL: https://api.clerk.com on AWS, the development identity
 * provider in the local stack, which answers the same call the same way.
 */
import { createClerkClient } from "@clerk/backend";
import { Config } from "sst/node/config";
import { readBinding } from "./bindings";

declare module "sst/node/config" {
  export interface SecretResources {
    CLERK_SECRET_KEY: { value: string };
  }
  export interface ParameterResources {
    CLERK_API_URL: { value: string };
  }
}

/** Deletes the identity; one that is already gone counts as deleted (a retry after a crash). */
export async function deleteIdentity(userId: string): Promise<void> {
  const clerk = createClerkClient({
    secretKey: readBinding("identityAdmin", () => Config.CLERK_SECRET_KEY),
    apiUrl: Config.CLERK_API_URL,
  });
  try {
    await clerk.users.deleteUser(userId);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return;
    throw error;
  }
}
