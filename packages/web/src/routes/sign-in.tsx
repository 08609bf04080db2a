import { Center, Link as ChakraLink, Spinner } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Suspense } from "react";
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
      footer={
        <>
          Don't have an account?{" "}
          <ChakraLink asChild color="brand.fg" fontWeight="medium">
            <Link to="/sign-up">Sign up</Link>
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
        <SignIn />
      </Suspense>
    </AuthLayout>
  );
}
