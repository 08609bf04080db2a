/**
 * The top bar's avatar button and its menu (user-menu-popup.tsx). The menu's code (Chakra's
 * menu, its positioning and focus handling) loads when the pointer or focus first comes to the
 * button, not with every page (docs/performance.md, "`signed-in`"); a click that comes first
 * opens the menu once it has loaded.
 */
import { Avatar, Button, type ButtonProps } from "@chakra-ui/react";
import { lazy, Suspense, useState } from "react";
import { useDisplayUser } from "./user-name";

const loadPopup = () => import("./user-menu-popup");
const UserMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.UserMenuPopup })));

/** The round avatar button; the menu's trigger once the menu has loaded. */
export function UserMenuButton(props: ButtonProps) {
  const { firstName, imageUrl } = useDisplayUser();
  return (
    <Button
      variant="ghost"
      p="0"
      minW="auto"
      borderRadius="full"
      aria-label="Open user menu"
      {...props}
    >
      <Avatar.Root size="sm" colorPalette="brand">
        <Avatar.Fallback name={firstName} />
        {imageUrl ? <Avatar.Image src={imageUrl} alt="" /> : null}
      </Avatar.Root>
    </Button>
  );
}

export function UserMenu() {
  // Until the first click the button stands alone; the click mounts the menu, open.
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <UserMenuButton
      aria-haspopup="menu"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenuPopup openOnMount />
    </Suspense>
  );
}

/** Starts the menu's download as the pointer or focus comes to the button. */
function preload() {
  loadPopup().catch(() => {});
}
