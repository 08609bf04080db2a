/** Chooses the identity implementation from the build configuration (brief interface 5). */
import { Component, lazy, type ReactNode, Suspense } from "react";
import { FullPageSpinner } from "../ui/full-page-spinner";
import { AuthUnavailable } from "./auth-unavailable";
import { LocalIdentityProvider, startLocalSession } from "./local/local-identity";

const clerkPublishableKey = import.meta.env.VITE_CLERK_PUBLISHABLE_KEY;

// The local provider's session check goes out with the app's scripts (local-identity.tsx).
if (!clerkPublishableKey) startLocalSession();

const ClerkIdentityProvider = lazy(() => import("./clerk/clerk-identity"));

/** A chunk that fails to download means the identity provider cannot load. */
class IdentityLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("The identity provider failed to load.", error);
  }

  override render() {
    return this.state.failed ? <AuthUnavailable /> : this.props.children;
  }
}

export function IdentityProvider({ children }: { children: ReactNode }) {
  if (!clerkPublishableKey) return <LocalIdentityProvider>{children}</LocalIdentityProvider>;
  return (
    <IdentityLoadBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        <ClerkIdentityProvider publishableKey={clerkPublishableKey}>
          {children}
        </ClerkIdentityProvider>
      </Suspense>
    </IdentityLoadBoundary>
  );
}
