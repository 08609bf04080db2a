import { createFileRoute } from "@tanstack/react-router";
import { productName } from "../brand";
import { useIdentityWidgets } from "../identity/context";
import { AuthLayout } from "../identity/pages/auth-layout";

// After sign-up the user sync and the move to /sales run from the root route
// (identity/post-sign-up-sync.ts), whichever identity provider is in use.
export const Route = createFileRoute("/sign-up")({ component: SignUpPage });

function SignUpPage() {
  const { SignUp } = useIdentityWidgets();
  return (
    <AuthLayout
      title={`Join ${productName}`}
      subtitle="Create your account to get your website started."
      switchTo={{ prompt: "Already have an account?", to: "/sign-in", label: "Sign in" }}
    >
      <SignUp />
    </AuthLayout>
  );
}
