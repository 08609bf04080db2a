/**
 * The identity provider's admin side (Clerk's Backend API, through @clerk/backend's client):
 * deleting a customer's identity when they delete their account (docs/privacy.md), and the
 * organizations of customer accounts with a team (docs/team.md). The client
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
  try {
    await client().users.deleteUser(userId);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return;
    throw error;
  }
}

/*
 * Organizations (docs/team.md, docs/decisions.md "What lives in Clerk and what in the table"):
 * each customer account with more than one person has one, so the person's session can name the
 * account they chose (its active organization) and Clerk's session token carries it. The table
 * holds who belongs and with which role, and is read on every request; these calls keep Clerk's
 * copy in step with it.
 */

function client() {
  return createClerkClient({
    secretKey: readBinding("identityAdmin", () => Config.CLERK_SECRET_KEY),
    apiUrl: Config.CLERK_API_URL,
  });
}

const isStatus = (error: unknown, status: number) =>
  (error as { status?: number }).status === status;

/**
 * A new organization for `accountId`, named `name`, its id in the public metadata (the session
 * token template's `account_id` claim reads it there). `createdBy`, when given, becomes its
 * first admin, as Clerk does.
 */
export async function createOrganization(input: {
  accountId: string;
  name: string;
  createdBy?: string;
}): Promise<string> {
  const organization = await client().organizations.createOrganization({
    name: input.name,
    ...(input.createdBy ? { createdBy: input.createdBy } : {}),
    publicMetadata: { account_id: input.accountId },
  });
  return organization.id;
}

/** Adds the person with the Clerk role key; one already there gets that role instead. */
export async function addOrganizationMember(
  organizationId: string,
  userId: string,
  role: string,
): Promise<void> {
  try {
    await client().organizations.createOrganizationMembership({ organizationId, userId, role });
  } catch (error) {
    // 422 "already a member" (Clerk's duplicate_record): make its role ours.
    if (!isStatus(error, 422) && !isStatus(error, 409)) throw error;
    await setOrganizationRole(organizationId, userId, role);
  }
}

export async function setOrganizationRole(
  organizationId: string,
  userId: string,
  role: string,
): Promise<void> {
  await client().organizations.updateOrganizationMembership({ organizationId, userId, role });
}

/** Removes the person; one who is not (any more) a member counts as removed. */
export async function removeOrganizationMember(
  organizationId: string,
  userId: string,
): Promise<void> {
  try {
    await client().organizations.deleteOrganizationMembership({ organizationId, userId });
  } catch (error) {
    if (isStatus(error, 404)) return;
    throw error;
  }
}

/** Deletes the organization (its account was erased); one already gone counts as deleted. */
export async function deleteOrganization(organizationId: string): Promise<void> {
  try {
    await client().organizations.deleteOrganization(organizationId);
  } catch (error) {
    if (isStatus(error, 404)) return;
    throw error;
  }
}
