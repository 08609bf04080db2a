/** The header of the public pages: logo, a few links and the sign-in/out control. */
import { Box, Button, Container, HStack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Logo } from "./logo";

export function PublicHeader({ links, actions }: { links?: ReactNode; actions?: ReactNode }) {
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="6xl" py="3">
        <HStack justify="space-between" gap="3">
          <Link to="/">
            <Logo />
          </Link>
          <HStack as="nav" aria-label="Main" gap={{ base: "1", md: "2" }}>
            {links}
            {actions}
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}

/** A quiet text link in the header. `wide`: only where there is room (the logo also goes home). */
export function HeaderLink({
  to,
  children,
  wide = false,
}: {
  to: "/sales" | "/pricing" | "/";
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Button
      asChild
      variant="ghost"
      size="sm"
      px={{ base: "2", md: "3" }}
      display={wide ? { base: "none", sm: "inline-flex" } : undefined}
    >
      <Link to={to}>{children}</Link>
    </Button>
  );
}
