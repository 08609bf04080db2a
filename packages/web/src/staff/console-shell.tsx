/** The console's frame: the portal's shell with the team's navigation. */
import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { useLocation } from "@tanstack/react-router";
import { ClipboardList, History, Inbox, type LucideIcon, Sparkles, Users } from "lucide-react";
import type { ReactNode } from "react";
import { AppShell } from "../shell/app-shell";
import { NavLink } from "../shell/nav-link";

interface ConsoleNavItem {
  to:
    | "/staff/requests"
    | "/staff/customers"
    | "/staff/tickets"
    | "/staff/upgrades"
    | "/staff/audit-log";
  label: string;
  icon: LucideIcon;
}

const items: ConsoleNavItem[] = [
  { to: "/staff/requests", label: "New Requests", icon: ClipboardList },
  { to: "/staff/customers", label: "Customers", icon: Users },
  { to: "/staff/tickets", label: "Ticket Inbox", icon: Inbox },
  { to: "/staff/upgrades", label: "SEO Upgrades", icon: Sparkles },
  { to: "/staff/audit-log", label: "Audit Log", icon: History },
];

function ConsoleNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <Stack as="nav" aria-label="Console" gap="4">
      <HStack px="3" gap="2">
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
          Provider console
        </Text>
        <Badge colorPalette="brand" variant="subtle" size="sm">
          Staff
        </Badge>
      </HStack>
      <Stack as="ul" gap="1" listStyleType="none">
        {items.map((item) => {
          const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
          return (
            <NavLink
              key={item.to}
              to={item.to}
              label={item.label}
              icon={item.icon}
              active={active}
              onNavigate={onNavigate}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}

const consoleNav = (onNavigate?: () => void) => <ConsoleNav onNavigate={onNavigate} />;

export function ConsoleShell({ children }: { children: ReactNode }) {
  return (
    <AppShell renderNav={consoleNav} home="/staff">
      {children}
    </AppShell>
  );
}
