/**
 * A tooltip for an icon-only control, with the timing of docs/pages.md, "Toasts and tooltips": it
 * opens 700 ms after the pointer rests on the control, and for 300 ms after one closes the next
 * opens at once (the skip delay). Chakra's tooltip (zag) opens a tooltip at once while another is
 * still open or closing, so its close delay is that 300 ms window.
 */
import { Tooltip as ChakraTooltip, Portal } from "@chakra-ui/react";
import type { ReactElement, ReactNode } from "react";

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <ChakraTooltip.Root
      openDelay={TOOLTIP_OPEN_DELAY_MS}
      closeDelay={TOOLTIP_SKIP_DELAY_MS}
      lazyMount
      unmountOnExit
    >
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
