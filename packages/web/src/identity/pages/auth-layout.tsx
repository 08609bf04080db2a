/**
 * The frame of the sign-in and sign-up screens: logo, heading, the provider's widget (loaded
 * lazily, so a spinner stands in meanwhile) and a link across to the other screen.
 */
import { Box, Center, Link as ChakraLink, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type ReactNode, Suspense } from "react";
import { Logo } from "../../ui/logo";

export function AuthLayout({
  title,
  subtitle,
  children,
  switchTo,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** e.g. "Don't have an account?" followed by a link "Sign up" to /sign-up. */
  switchTo: { prompt: string; to: "/sign-in" | "/sign-up"; label: string };
}) {
  return (
    <AuthFrame>
      <Stack gap="1" textAlign="center">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{subtitle}</Text>
      </Stack>
      <Box>
        <Suspense
          fallback={
            <Center py="10">
              <Spinner />
            </Center>
          }
        >
          {children}
        </Suspense>
      </Box>
      <Text textAlign="center" color="fg.muted" fontSize="sm">
        {switchTo.prompt}{" "}
        <ChakraLink asChild color="brand.fg" fontWeight="medium">
          <Link to={switchTo.to}>{switchTo.label}</Link>
        </ChakraLink>
      </Text>
    </AuthFrame>
  );
}

/**
 * The page around the identity screens and the invitation page (team/invitation-page.tsx): a
 * narrow column on the brand's gradient, under the logo.
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Center
      as="main"
      minH="100dvh"
      px="4"
      py="10"
      bgGradient="to-b"
      gradientFrom="brand.50"
      gradientTo="bg"
    >
      <Stack gap="6" w="full" maxW="md" align="stretch">
        <Center>
          <Link to="/">
            <Logo size="lg" />
          </Link>
        </Center>
        {children}
      </Stack>
    </Center>
  );
}
