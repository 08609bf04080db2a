/**
 * The Clerk implementation of the identity interface. Loaded lazily (only builds with
 * VITE_CLERK_PUBLISHABLE_KEY use it), so the local build's landing page never downloads Clerk.
 */
import {
  ClerkProvider,
  SignIn,
  SignUp,
  UserProfile,
  useAuth,
  useClerk,
  useUser,
} from "@clerk/react";
import { type ReactNode, useMemo } from "react";
import { router } from "../../router";
import { IdentityContext } from "../context";
import { afterSignInPath, invitedEmail } from "../return-path";
import type { Identity, IdentityWidgets } from "../types";
import { identityUser } from "./clerk-user";

const widgets: IdentityWidgets = {
  // Hash routing keeps Clerk's multi-step flows on /sign-in and /sign-up, the paths the
  // access gate knows.
  // /sales, or the invitation the visitor came from (return-path.ts), read as the widget shows.
  SignIn: () => (
    <SignIn
      routing="hash"
      signUpUrl="/sign-up"
      forceRedirectUrl={afterSignInPath()}
      fallbackRedirectUrl={afterSignInPath()}
      initialValues={{ emailAddress: invitedEmail() }}
    />
  ),
  // Back to /sign-up, where the post-sign-up user sync runs and then goes to /sales.
  SignUp: () => (
    <SignUp
      routing="hash"
      signInUrl="/sign-in"
      forceRedirectUrl="/sign-up"
      fallbackRedirectUrl="/sign-up"
      initialValues={{ emailAddress: invitedEmail() }}
    />
  ),
  Profile: () => <UserProfile routing="hash" />,
};

function ClerkBridge({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { user } = useUser();
  const clerk = useClerk();
  // 'error' when clerk-js could not be loaded from Clerk's CDN.
  const failed = clerk.status === "error";

  const identity = useMemo<Identity>(
    () => ({
      loaded: failed || auth.isLoaded,
      failed,
      signedIn: auth.isLoaded && auth.isSignedIn === true,
      user: user ? identityUser(user) : null,
      getToken: () => auth.getToken(),
      signOut: () => auth.signOut(),
      // The session's next token carries the organization's claims (docs/team.md).
      setActiveOrganization: (organization) => clerk.setActive({ organization }),
    }),
    [auth, user, failed, clerk],
  );
  const value = useMemo(() => ({ identity, widgets }), [identity]);
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

export default function ClerkIdentityProvider({
  publishableKey,
  children,
}: {
  publishableKey: string;
  children: ReactNode;
}) {
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      routerPush={(to) => router.navigate({ href: to })}
      routerReplace={(to) => router.navigate({ href: to, replace: true })}
      afterSignOutUrl="/sign-in"
      // Clerk's hosted pages (Account Portal, redirectToSignIn) come back to /auth-landing,
      // which syncs the user and goes on to /sales; the embedded widgets set their own.
      signInFallbackRedirectUrl="/auth-landing"
      signUpFallbackRedirectUrl="/auth-landing"
    >
      <ClerkBridge>{children}</ClerkBridge>
    </ClerkProvider>
  );
}
