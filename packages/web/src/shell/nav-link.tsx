/** One side-navigation entry, shared by the portal's and the console's navigation. */
import { Box, Button } from "@chakra-ui/react";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export function NavLink({
  to,
  label,
  icon: Icon,
  active,
  onNavigate,
  children,
}: {
  to: LinkProps["to"];
  label: string;
  icon: LucideIcon;
  active: boolean;
  onNavigate?: () => void;
  /** After the label: a count badge. */
  children?: ReactNode;
}) {
  return (
    <li>
      <Button
        asChild
        variant={active ? "subtle" : "ghost"}
        colorPalette={active ? "brand" : "gray"}
        justifyContent="flex-start"
        w="full"
        fontWeight={active ? "semibold" : "medium"}
      >
        <Link to={to} aria-current={active ? "page" : undefined} onClick={onNavigate}>
          <Icon size={18} aria-hidden />
          <Box as="span" flex="1" textAlign="start">
            {label}
          </Box>
          {children}
        </Link>
      </Button>
    </li>
  );
}
