/**
 * The session token's claims (docs/operations.md "First deploy", Clerk): production refuses a
 * token without the `aud` CLERK_AUDIENCE names, so a session token template without it is a 401
 * on every signed-in call. Clerk's Backend API has no endpoint that reads the session token's
 * template (its JWT templates API covers named templates only; the instance API does not
 * include it), so this signs the smoke test's account in (SMOKE_CLERK_USER_ID, through a
 * sign-in token; ../../smoke/clerk-sign-in.ts), reads the token Clerk issued, and revokes the
 * session. The smoke test's staff user is checked the same way for its role claim.
 */
import { STAFF_ROLE } from "@portal/core/access/roles";
import type { StageSettings } from "../../../stacks/Config";
import { revokeSession, signInWithTicket } from "../../smoke/clerk-sign-in";
import { type Check, type Context, errorText, fail, type Outcome, ok, setting } from "../check";

function audiences(aud: unknown): string[] {
  if (typeof aud === "string") return [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === "string") : [];
}

type Session = Awaited<ReturnType<typeof signInWithTicket>>;

/**
 * Signs `userId` (the setting `name`) in through a sign-in token, answers the claims of the
 * session token Clerk issued and revokes the session; or the failure naming the setting and
 * the README step (`need`) that provides the user.
 */
async function signedInClaims(
  context: Context,
  { name, userId, need }: { name: string; userId: string; need: string },
): Promise<{ claims: Session["claims"] } | { failure: Outcome }> {
  const settings = context.state.settings as StageSettings;
  const options = {
    apiUrl: context.clerkApiUrl ?? "https://api.clerk.com",
    frontendApiUrl: context.clerkFrontendApiUrl ?? `https://${settings.clerkFrontendApiHost}`,
    secretKey: context.state.secrets.get("CLERK_SECRET_KEY") as string,
    userId,
    origin: new URL(setting(context, "APP_URL")).origin,
  };
  let session: Session;
  try {
    session = await signInWithTicket(options);
  } catch (error) {
    return {
      failure: fail(
        need,
        `could not sign ${userId} in through a sign-in token (${errorText(error)}): is ${name} a user of the instance CLERK_SECRET_KEY belongs to?`,
      ),
    };
  }
  await revokeSession(options, session.sessionId).catch(() => {});
  return { claims: session.claims };
}

export const sessionTokenCheck: Check = {
  name: "Clerk session token",
  needs: ["settings", "secret:CLERK_SECRET_KEY", "clerk-session-claims", "smoke-account"],
  after: ["settings", "secret:CLERK_SECRET_KEY"],
  async run(context) {
    const audience = setting(context, "CLERK_AUDIENCE");
    const userId = setting(context, "SMOKE_CLERK_USER_ID");
    if (!userId) {
      return fail(
        "smoke-account",
        "no SMOKE_CLERK_USER_ID: Clerk's API cannot show the session token's claims, so preflight signs the smoke test's account in and reads a token; create a test user in the Clerk instance and put its id (user_…) in .env.<stage>",
      );
    }
    const signedIn = await signedInClaims(context, {
      name: "SMOKE_CLERK_USER_ID",
      userId,
      need: "smoke-account",
    });
    if ("failure" in signedIn) return signedIn.failure;
    const found = audiences(signedIn.claims.aud);
    if (!audience) {
      return ok(
        `a token for ${userId} carries aud ${found.join(", ") || "(none)"}; no CLERK_AUDIENCE is required here`,
      );
    }
    if (!found.includes(audience)) {
      return fail(
        "clerk-session-claims",
        `a session token Clerk issued for ${userId} carries aud ${found.length ? found.join(", ") : "(none)"}, not ${audience}: every signed-in call would be a 401. In Clerk's dashboard (Sessions, "Customize session token") add "aud": "${audience}" (docs/operations.md)`,
      );
    }
    return ok(`a session token Clerk issued for ${userId} carries aud ${audience}`);
  },
};

/**
 * The smoke test's staff user (SMOKE_STAFF_CLERK_USER_ID): `npm run smoke` closes its ticket
 * and reads the mail that sent through staff routes, which refuse a token without the staff
 * role claim. Signed in the same way, its token must say `role: "staff"`.
 */
export const smokeStaffCheck: Check = {
  name: "Smoke staff account",
  needs: ["settings", "secret:CLERK_SECRET_KEY", "smoke-staff-account"],
  after: ["settings", "secret:CLERK_SECRET_KEY"],
  async run(context) {
    const userId = setting(context, "SMOKE_STAFF_CLERK_USER_ID");
    if (!userId) {
      return fail(
        "smoke-staff-account",
        `no SMOKE_STAFF_CLERK_USER_ID: \`npm run smoke\` closes its ticket and reads the mail sent as a staff user; create a second test user in the Clerk instance with publicMetadata.role = "${STAFF_ROLE}" and put its id (user_…) in .env.<stage>`,
      );
    }
    const signedIn = await signedInClaims(context, {
      name: "SMOKE_STAFF_CLERK_USER_ID",
      userId,
      need: "smoke-staff-account",
    });
    if ("failure" in signedIn) return signedIn.failure;
    const role = signedIn.claims.role;
    if (role !== STAFF_ROLE) {
      return fail(
        "smoke-staff-account",
        `a session token Clerk issued for ${userId} carries role ${typeof role === "string" && role ? role : "(none)"}, not "${STAFF_ROLE}": every staff route would answer 403. Give the user publicMetadata.role = "${STAFF_ROLE}" in Clerk's dashboard, and keep "role": "{{user.public_metadata.role}}" in the session token's claims (docs/operations.md)`,
      );
    }
    return ok(`a session token Clerk issued for ${userId} carries role "${STAFF_ROLE}"`);
  },
};
