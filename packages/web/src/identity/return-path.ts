/**
 * Where a visitor goes once signed in or signed up (docs/pages.md, "Signing in and out"): /sales,
 * unless they came from an invitation's page (docs/team.md), which they return to, to join.
 * Kept in session storage, as the chosen plan is, so it survives Clerk's hosted pages; only an
 * invitation's path is taken back, so the entry can never send anyone off the portal. The
 * address the invitation is for is kept beside it, to fill in the sign-up and sign-in forms.
 */
const KEY = "afterSignIn";
const EMAIL_KEY = "invitedEmail";
const RETURNABLE = /^\/invitations\/[A-Za-z0-9_.-]+$/;

export function rememberReturnPath(path: string, invitedEmail?: string | null): void {
  try {
    if (!RETURNABLE.test(path)) return;
    window.sessionStorage.setItem(KEY, path);
    if (invitedEmail) window.sessionStorage.setItem(EMAIL_KEY, invitedEmail);
    else window.sessionStorage.removeItem(EMAIL_KEY);
  } catch (error) {
    console.log("Could not remember where to return after sign-in.", error);
  }
}

export function forgetReturnPath(): void {
  try {
    window.sessionStorage.removeItem(KEY);
    window.sessionStorage.removeItem(EMAIL_KEY);
  } catch {
    // Nothing was stored where nothing can be.
  }
}

/** The address to go to after signing in: a remembered invitation, else /sales. */
export function afterSignInPath(): string {
  try {
    const path = window.sessionStorage.getItem(KEY);
    if (path && RETURNABLE.test(path)) return path;
  } catch {
    // Storage refused: the usual way on.
  }
  return "/sales";
}

/** The address of the invitation the visitor is on the way to, for the forms; else undefined. */
export function invitedEmail(): string | undefined {
  try {
    if (afterSignInPath() === "/sales") return undefined;
    return window.sessionStorage.getItem(EMAIL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
