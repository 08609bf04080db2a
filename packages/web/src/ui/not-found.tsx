import { Button, Center, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";

export function NotFound() {
  return (
    <Center as="main" minH="100dvh" px="6">
      <Stack align="center" textAlign="center" gap="4">
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">There is nothing at this address.</Text>
        <Button asChild colorPalette="brand">
          <Link to="/">Go to the home page</Link>
        </Button>
      </Stack>
    </Center>
  );
}
