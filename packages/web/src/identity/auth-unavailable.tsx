import { Button, Center, Heading, Stack, Text } from "@chakra-ui/react";
import { TriangleAlert } from "lucide-react";
import { useLayoutEffect } from "react";
import { revealApp } from "../prerender/take-over";

/** Shown when the identity provider cannot be loaded (docs/pages.md, "Public pages"). */
export function AuthUnavailable() {
  // Also shown from outside the router (the provider's code failed to load): a pre-rendered
  // page must give way to it.
  useLayoutEffect(revealApp, []);
  return (
    <Center minH="100dvh" px="6">
      <Stack as="main" align="center" textAlign="center" gap="4" maxW="md">
        <TriangleAlert size={40} color="var(--chakra-colors-orange-600)" aria-hidden />
        <Heading as="h1" size="xl">
          Authentication Service Unavailable
        </Heading>
        <Text color="fg.muted">
          We're experiencing technical difficulties with our authentication service. Please try
          refreshing the page.
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </Stack>
    </Center>
  );
}
