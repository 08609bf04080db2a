import { Button, Center, Spinner } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useIdentity } from "../identity/context";
import { AuthLayout } from "../identity/pages/auth-layout";

/**
 * Where the identity provider's hosted flow returns (docs/pages.md, "Signing in and out"). Once the
 * user is loaded, the root route syncs the user record and moves on to /sales
 * (identity/post-sign-up-sync.ts), as after sign-up; a visitor whose sign-in did not finish is
 * offered the sign-in page.
 */
export const Route = createFileRoute("/auth-landing")({ component: AuthLandingPage });

function AuthLandingPage() {
  const identity = useIdentity();
  const finishing = !identity.loaded || identity.signedIn;
  return (
    <AuthLayout
      title={finishing ? "Signing you in" : "You're not signed in"}
      subtitle={
        finishing
          ? "One moment while we load your account."
          : "Your sign-in did not finish. Please sign in again."
      }
      switchTo={{ prompt: "Don't have an account?", to: "/sign-up", label: "Sign up" }}
    >
      {finishing ? (
        <Center py="10">
          <Spinner />
        </Center>
      ) : (
        <Button asChild colorPalette="brand" size="lg" w="full">
          <Link to="/sign-in">Sign In</Link>
        </Button>
      )}
    </AuthLayout>
  );
}
