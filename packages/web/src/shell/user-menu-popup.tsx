/**
 * The avatar menu: who is signed in (name and e-mail address, so a person with several accounts
 * sees which one this is), the accounts they may switch between (docs/team.md), View Profile,
 * Settings, (staff) the console and the portal, Sign Out.
 * Closes on an outside click or Escape. The address is the identity provider's primary one
 * (docs/decisions.md, "The primary e-mail address"). Loaded when first wanted (user-menu.tsx).
 */
import { Box, Menu, Portal, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Headset, LayoutDashboard, LogOut, Settings, User } from "lucide-react";
import { useEffect, useRef } from "react";
import { useAccess } from "../access/access-context";
import { useSignOut } from "../identity/use-sign-out";
import { AccountSwitcher } from "../team/account-switcher";
import { UserMenuButton } from "./user-menu";
import { useDisplayUser } from "./user-name";

/**
 * `openOnMount`: the first click landed on the stand-in button while this loaded; it is passed
 * on to the menu's own trigger, so the menu opens as it does on any later click.
 */
export function UserMenuPopup({ openOnMount }: { openOnMount: boolean }) {
  const { firstName, email } = useDisplayUser();
  const trigger = useRef<HTMLButtonElement>(null);
  // Only as it mounts: the click that asked for the menu is handed over once.
  const openAtMount = useRef(openOnMount);
  useEffect(() => {
    if (openAtMount.current) trigger.current?.click();
  }, []);
  const signOut = useSignOut();
  const { user } = useAccess();
  return (
    <Menu.Root positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger ref={trigger} asChild>
        <UserMenuButton />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Box px="2" py="1.5" maxW="64" data-testid="signed-in-as">
              <Text fontWeight="semibold" fontSize="sm" truncate>
                {firstName}
              </Text>
              {email ? (
                <Text color="fg.muted" fontSize="xs" truncate title={email}>
                  {email}
                </Text>
              ) : null}
            </Box>
            {/* A person on several accounts switches here (docs/team.md). */}
            {user ? <AccountSwitcher /> : null}
            <Menu.Separator />
            <Menu.Item value="profile" asChild>
              <Link to="/user-profile">
                <User size={16} aria-hidden /> View Profile
              </Link>
            </Menu.Item>
            <Menu.Item value="settings" asChild>
              <Link to="/settings">
                <Settings size={16} aria-hidden /> Settings
              </Link>
            </Menu.Item>
            {user?.isStaff ? (
              <>
                <Menu.Separator />
                <Menu.Item value="console" asChild>
                  <Link to="/staff">
                    <Headset size={16} aria-hidden /> Provider Console
                  </Link>
                </Menu.Item>
                <Menu.Item value="portal" asChild>
                  <Link to="/dashboard">
                    <LayoutDashboard size={16} aria-hidden /> Customer Portal
                  </Link>
                </Menu.Item>
              </>
            ) : null}
            <Menu.Separator />
            <Menu.Item value="sign-out" onSelect={() => void signOut()}>
              <LogOut size={16} aria-hidden /> Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
