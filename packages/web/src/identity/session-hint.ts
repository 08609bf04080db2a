/**
 * Whether this browser may hold a signed-in session, read from the identity provider's
 * first-party cookies without calling it (docs/pages.md, "Pre-rendered public pages").
 *
 * - Clerk keeps `__client_uat` (optionally with a per-instance suffix) on the app's domain: the
 *   time of the client's last sign-in, "0" once signed out. Its backend reads it the same way.
 * - `__session` holds the session token, under Clerk and the local identity provider alike.
 *
 * A hint only: "maybe" means the app must ask the provider, "no" means nobody is signed in.
 */
export function mayHaveSession(cookies: string = document.cookie): boolean {
  return cookies.split(";").some((part) => {
    const [name = "", value = ""] = part.trim().split("=", 2);
    if (name === "__session" || name.startsWith("__session_")) return value !== "";
    if (name === "__client_uat" || name.startsWith("__client_uat_")) {
      return Number.parseInt(value, 10) > 0;
    }
    return false;
  });
}
