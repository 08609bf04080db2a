/** The badge kinds (default, destructive, secondary, outline) in Chakra's terms. */
import { Badge } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { BadgeKind } from "./format";

const LOOK: Record<BadgeKind, { variant: "solid" | "subtle" | "outline"; colorPalette: string }> = {
  default: { variant: "solid", colorPalette: "brand" },
  destructive: { variant: "solid", colorPalette: "red" },
  secondary: { variant: "subtle", colorPalette: "gray" },
  outline: { variant: "outline", colorPalette: "gray" },
};

export function KindBadge({ kind, children }: { kind: BadgeKind; children: ReactNode }) {
  return (
    <Badge {...LOOK[kind]} size="md" borderRadius="full" px="2.5">
      {children}
    </Badge>
  );
}
