/**
 * The side navigation as a drawer from the start edge, below lg (app-shell.tsx). Loaded when
 * first opened: a phone's first page does not wait for the drawer's focus trap and scroll lock.
 */
import { CloseButton, Drawer, Portal, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Logo } from "../ui/logo";

export function NavDrawer({
  open,
  onOpenChange,
  firstName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  firstName: string;
  /** The navigation. */
  children: ReactNode;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start">
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
            <Drawer.Body pb="6">{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
