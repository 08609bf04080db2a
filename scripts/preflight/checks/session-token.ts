/**
 * The session token's claims (docs/operations.md "First deploy", Clerk): production refuses a
 * token without the `aud` CLERK_AUDIENCE names, so a session token template without it is a 401
 * on every signed-in call. Clerk's Backend API has no endpoint that reads the session token's
 * template (its JWT templates API covers named templates only; the instance API does not
 * include it), so this signs the smoke test's account in (SMOKE_CLERK_USER_ID, through a
 * sign-in token; ../../smoke/clerk-sign-in.ts), reads the token Clerk issued, and revokes the
 * session.
 */
import type { StageSettings } from "../../../stacks/Config";
import { revokeSession, signInWithTicket } from "../../smoke/clerk-sign-in";
import { type Check, errorText, fail, ok, setting } from "../check";

function audiences(aud: unknown): string[] {
  if (typeof aud === "string") return [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === "string") : [];
}

export const sessionTokenCheck: Check = {
  name: "Clerk session token",
  needs: ["settings", "secret:CLERK_SECRET_KEY", "clerk-session-claims", "smoke-account"],
  after: ["settings", "secret:CLERK_SECRET_KEY"],
  async run(context) {
    const settings = context.state.settings as StageSettings;
    const audience = setting(context, "CLERK_AUDIENCE");
    const userId = setting(context, "SMOKE_CLERK_USER_ID");
    if (!userId) {
      return fail(
        "smoke-account",
        "no SMOKE_CLERK_USER_ID: Clerk's API cannot show the session token's claims, so preflight signs the smoke test's account in and reads a token; create a test user in the Clerk instance and put its id (user_…) in .env.<stage>",
      );
    }
    const options = {
      apiUrl: context.clerkApiUrl ?? "https://api.clerk.com",
      frontendApiUrl: context.clerkFrontendApiUrl ?? `https://${settings.clerkFrontendApiHost}`,
      secretKey: context.state.secrets.get("CLERK_SECRET_KEY") as string,
      userId,
      origin: new URL(setting(context, "APP_URL")).origin,
    };
    let session: Awaited<ReturnType<typeof signInWithTicket>>;
    try {
      session = await signInWithTicket(options);
    } catch (error) {
      return fail(
        "smoke-account",
        `could not sign ${userId} in through a sign-in token (${errorText(error)}): is SMOKE_CLERK_USER_ID a user of the instance CLERK_SECRET_KEY belongs to?`,
      );
    }
    await revokeSession(options, session.sessionId).catch(() => {});
    const found = audiences(session.claims.aud);
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
