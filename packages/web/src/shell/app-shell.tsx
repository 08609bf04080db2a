/**
 * The shared shell of signed-in pages (docs/pages.md, "The shell"): top bar, side navigation,
 * content.
 */
import { Box, CloseButton, Drawer, Flex, HStack, IconButton, Portal, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Menu } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Logo } from "../ui/logo";
import { Tooltip } from "../ui/tooltip";
import { SideNav } from "./side-nav";
import { UserMenu } from "./user-menu";
import { useDisplayUser } from "./user-name";

export interface AppShellProps {
  children: ReactNode;
  /** The side navigation; `onNavigate` closes the phone drawer. The portal's by default. */
  renderNav?: (onNavigate?: () => void) => ReactNode;
  /** Where the logo leads. */
  home?: "/dashboard" | "/staff";
}

const portalNav = (onNavigate?: () => void) => <SideNav onNavigate={onNavigate} />;

export function AppShell({ children, renderNav = portalNav, home = "/dashboard" }: AppShellProps) {
  const { firstName } = useDisplayUser();
  const [navOpen, setNavOpen] = useState(false);

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
        <HStack h="16" px={{ base: "3", md: "6" }} gap="3" justify="space-between">
          <HStack gap="2" minW="0">
            {/* Below lg the side navigation is collapsed into this button. */}
            <Tooltip content="Open navigation">
              <IconButton
                aria-label="Open navigation"
                variant="ghost"
                display={{ base: "inline-flex", lg: "none" }}
                onClick={() => setNavOpen(true)}
              >
                <Menu />
              </IconButton>
            </Tooltip>
            <Link to={home}>
              <Logo />
            </Link>
          </HStack>
          <HStack gap="3" minW="0">
            <Text color="fg.muted" fontSize="sm" display={{ base: "none", sm: "block" }} truncate>
              Welcome back, {firstName}
            </Text>
            <UserMenu />
          </HStack>
        </HStack>
      </Box>

      <Flex flex="1" minH="0">
        <Box
          as="aside"
          display={{ base: "none", lg: "block" }}
          w="64"
          flexShrink="0"
          bg="bg"
          borderEndWidth="1px"
          p="4"
          position="sticky"
          top="16"
          h="calc(100dvh - var(--chakra-sizes-16))"
          overflowY="auto"
        >
          {renderNav()}
        </Box>
        <Box as="main" flex="1" minW="0" p={{ base: "4", md: "8" }}>
          {children}
        </Box>
      </Flex>

      <Drawer.Root open={navOpen} onOpenChange={(e) => setNavOpen(e.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="72">
              <Drawer.Header flexDirection="column" alignItems="flex-start" gap="2">
                <Drawer.Title>
                  <Logo />
                </Drawer.Title>
                {/* The top bar has no room for the welcome line on a phone. */}
                <Text color="fg.muted" fontSize="sm" display={{ base: "block", sm: "none" }}>
                  Welcome back, {firstName}
                </Text>
              </Drawer.Header>
              <Drawer.Body pb="6">{renderNav(() => setNavOpen(false))}</Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close navigation" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Flex>
  );
}

/** The heading every portal page starts with. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex
      justify="space-between"
      align={{ base: "flex-start", sm: "center" }}
      direction={{ base: "column", sm: "row" }}
      gap="3"
      mb="6"
    >
      <Text as="h1" fontSize={{ base: "2xl", md: "3xl" }} fontWeight="bold">
        {title}
      </Text>
      {children}
    </Flex>
  );
}
