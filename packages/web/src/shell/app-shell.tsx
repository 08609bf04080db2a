/**
 * The shared shell of signed-in pages (docs/pages.md, "The shell"): top bar, side navigation,
 * content.
 */
import { Box, Flex, HStack, IconButton, Text, useMediaQuery } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Menu } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { system } from "../theme/system";
import { RenderAfterCommit } from "../ui/background-render";
import { Logo } from "../ui/logo";
import { Tooltip } from "../ui/tooltip";
import { SideNav } from "./side-nav";
import { UserMenu } from "./user-menu";
import { useDisplayUser } from "./user-name";

const loadNavDrawer = () => import("./nav-drawer");
const NavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));

export interface AppShellProps {
  children: ReactNode;
  /** The side navigation; `onNavigate` closes the phone drawer. The portal's by default. */
  renderNav?: (onNavigate?: () => void) => ReactNode;
  /** Where the logo leads. */
  home?: "/dashboard" | "/staff";
}

/** Where the side navigation shows beside the page: Chakra's `lg` breakpoint and up. */
const WIDE = `(min-width: ${system.token("breakpoints.lg")})`;

const portalNav = (onNavigate?: () => void) => <SideNav onNavigate={onNavigate} />;

export function AppShell({ children, renderNav = portalNav, home = "/dashboard" }: AppShellProps) {
  const { firstName } = useDisplayUser();
  const [navOpen, setNavOpen] = useState(false);
  // Read at the first render (no server render reaches the shell), then kept up to date.
  const [wide = false] = useMediaQuery([WIDE], { ssr: false });
  // The drawer mounts at its first opening and stays, so it can animate its closing.
  const [navUsed, setNavUsed] = useState(false);

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
                onPointerEnter={preloadNavDrawer}
                onFocus={preloadNavDrawer}
                onClick={() => {
                  setNavUsed(true);
                  setNavOpen(true);
                }}
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
        {/* Rendered only where it shows: on a phone it would be hidden yet rendered, styled and
            re-rendered on every navigation (docs/performance.md, "Fourth round"). */}
        {/* The column runs the page's full height; the navigation in it stays in view. */}
        {wide ? (
          <Box as="aside" w="64" flexShrink="0" bg="bg" borderEndWidth="1px">
            <Box
              p="4"
              position="sticky"
              top="16"
              h="calc(100dvh - var(--chakra-sizes-16))"
              overflowY="auto"
            >
              {renderNav()}
            </Box>
          </Box>
        ) : null}
        <Box as="main" flex="1" minW="0" p={{ base: "4", md: "8" }}>
          {/* The page commits after the shell, not with it (ui/background-render.tsx). */}
          <RenderAfterCommit>{children}</RenderAfterCommit>
        </Box>
      </Flex>

      {navUsed ? (
        <Suspense fallback={null}>
          <NavDrawer open={navOpen} onOpenChange={setNavOpen} firstName={firstName}>
            {renderNav(() => setNavOpen(false))}
          </NavDrawer>
        </Suspense>
      ) : null}
    </Flex>
  );
}

/** Starts the drawer's download as the pointer or focus comes to its button. */
function preloadNavDrawer() {
  loadNavDrawer().catch(() => {});
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
