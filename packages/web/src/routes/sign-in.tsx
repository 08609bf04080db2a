import { createFileRoute } from "@tanstack/react-router";
import { productName } from "../brand";
import { useIdentityWidgets } from "../identity/context";
import { AuthLayout } from "../identity/pages/auth-layout";

export const Route = createFileRoute("/sign-in")({ component: SignInPage });

function SignInPage() {
  const { SignIn } = useIdentityWidgets();
  return (
    <AuthLayout
      title={`Welcome to ${productName}`}
      subtitle="Sign in to manage your websites."
      switchTo={{ prompt: "Don't have an account?", to: "/sign-up", label: "Sign up" }}
    >
      <SignIn />
    </AuthLayout>
  );
}
