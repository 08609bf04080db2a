/** The frame of the sign-in and sign-up screens. */
import { Box, Center, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Logo } from "../../ui/logo";

export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
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
        <Stack gap="1" textAlign="center">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{subtitle}</Text>
        </Stack>
        <Box>{children}</Box>
        <Text textAlign="center" color="fg.muted" fontSize="sm">
          {footer}
        </Text>
      </Stack>
    </Center>
  );
}
