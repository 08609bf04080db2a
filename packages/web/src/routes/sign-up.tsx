import { Center, Link as ChakraLink, Spinner } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Suspense } from "react";
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
      footer={
        <>
          Already have an account?{" "}
          <ChakraLink asChild color="brand.fg" fontWeight="medium">
            <Link to="/sign-in">Sign in</Link>
          </ChakraLink>
        </>
      }
    >
      <Suspense
        fallback={
          <Center py="10">
            <Spinner />
          </Center>
        }
      >
        <SignUp />
      </Suspense>
    </AuthLayout>
  );
}
