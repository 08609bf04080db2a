/**
 * The signed-in side navigation with its active states, badges and, for a Starter customer,
 * the Upgrade to Pro card.
 */
import { Badge, Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { Role } from "@portal/core/access/roles";
import { planById, planInOnePhrase } from "@portal/core/contracts/plans";
import { Link, useLocation } from "@tanstack/react-router";
import {
  BarChart3,
  CreditCard,
  Gauge,
  Globe,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Search,
  Settings2,
  Sparkles,
} from "lucide-react";
import { useAccess } from "../access/access-context";
import { mayDo } from "../access/role";
import { useNavCounts } from "./nav-counts";
import { NavLink } from "./nav-link";

type NavPath =
  | "/dashboard"
  | "/manage"
  | "/analytics"
  | "/seo-checker"
  | "/performance"
  | "/site-settings"
  | "/support"
  | "/billing";

interface NavItem {
  to: NavPath;
  label: string;
  icon: LucideIcon;
  badge?: "sites" | "openTickets";
  /** Other paths on which this item is the current page. */
  alsoActiveAt?: string[];
  /** Shown only to a person whose role covers it (docs/team.md, "Roles"). */
  role?: Role;
}

const items: NavItem[] = [
  { to: "/dashboard", label: "Overview", icon: LayoutDashboard, alsoActiveAt: ["/"] },
  { to: "/manage", label: "My Sites", icon: Globe, badge: "sites" },
  { to: "/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/seo-checker", label: "SEO Checker", icon: Search },
  { to: "/performance", label: "Performance", icon: Gauge },
  { to: "/site-settings", label: "Site Settings", icon: Settings2 },
  { to: "/support", label: "Support", icon: LifeBuoy, badge: "openTickets" },
  { to: "/billing", label: "Billing", icon: CreditCard, role: "owner" },
];

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = useLocation({ select: (l) => l.pathname.replace(/\/+$/, "") || "/" });
  const counts = useNavCounts();
  const { user } = useAccess();

  return (
    <Stack as="nav" aria-label="Portal" gap="6" h="full" justify="space-between">
      <Stack as="ul" gap="1" listStyleType="none">
        {items.map((item) => {
          if (item.role && !mayDo(user, item.role)) return null;
          const active = pathname === item.to || (item.alsoActiveAt?.includes(pathname) ?? false);
          const count = item.badge ? counts[item.badge] : undefined;
          return (
            <NavLink
              key={item.to}
              to={item.to}
              label={item.label}
              icon={item.icon}
              active={active}
              onNavigate={onNavigate}
            >
              {count !== undefined && count > 0 ? (
                <Badge
                  colorPalette={item.badge === "openTickets" ? "orange" : "brand"}
                  variant="solid"
                  borderRadius="full"
                  aria-label={
                    item.badge === "openTickets" ? `${count} open tickets` : `${count} sites`
                  }
                >
                  {count}
                </Badge>
              ) : null}
            </NavLink>
          );
        })}
      </Stack>
      {/* A plan change is the owner's (docs/team.md, "Roles"). */}
      {user?.subscriptionPlan === "starter" && mayDo(user, "owner") ? (
        <UpgradeCard onNavigate={onNavigate} />
      ) : null}
    </Stack>
  );
}

/** The plan the card offers: what it says comes from the plan (docs/decisions.md). */
const PRO = planById("pro");

function UpgradeCard({ onNavigate }: { onNavigate?: () => void }) {
  if (!PRO) return null;
  return (
    <Box
      p="4"
      borderRadius="xl"
      bgGradient="to-br"
      gradientFrom="brand.600"
      gradientTo="brand.800"
      color="white"
    >
      <HStack gap="2" mb="1">
        <Sparkles size={18} aria-hidden />
        <Heading as="h2" size="sm">
          Upgrade to {PRO.pricingName}
        </Heading>
      </HStack>
      <Text fontSize="sm" opacity="0.9" mb="3">
        {planInOnePhrase(PRO)}.
      </Text>
      {/* To the plans, where choosing Pro changes the plan (docs/pages.md, "Plans"). */}
      <Button asChild size="sm" bg="white" color="brand.700" _hover={{ bg: "brand.50" }} w="full">
        <Link to="/pricing" onClick={onNavigate}>
          Learn More
        </Link>
      </Button>
    </Box>
  );
}
