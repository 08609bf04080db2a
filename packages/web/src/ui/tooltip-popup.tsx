/**
 * A tooltip for an icon-only control, with the timing of docs/pages.md, "Toasts and tooltips": it
 * opens 700 ms after the pointer rests on the control, and for 300 ms after one closes the next
 * opens at once (the skip delay). Chakra's tooltip (zag) opens a tooltip at once while another is
 * still open or closing, so its close delay is that 300 ms window. Loaded after the page
 * (tooltip.tsx).
 */
import { Tooltip as ChakraTooltip, Portal } from "@chakra-ui/react";
import { type ReactElement, type ReactNode, useEffect, useRef } from "react";

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * What the visitor was doing with the control while this loaded: the pointer rests on it (the
 * open delay starts now), or it has the focus (which it gets back: the control was drawn anew),
 * shown as keyboard focus ("focus-visible": the tooltip opens at once, as Chakra's does on
 * keyboard focus; Chakra's own check of that did not see the key pressed before it loaded).
 */
export type TooltipResume = "pointer" | "focus" | "focus-visible" | null;

export function TooltipPopup({
  content,
  resume,
  children,
}: {
  content: ReactNode;
  resume: TooltipResume;
  children: ReactElement;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  // Only as it mounts: what happened before is handed over once.
  const resumeAtMount = useRef(resume);
  useEffect(() => {
    const element = trigger.current;
    if (!element) return;
    if (resumeAtMount.current === "focus" || resumeAtMount.current === "focus-visible")
      element.focus();
    if (resumeAtMount.current === "pointer")
      element.dispatchEvent(
        new PointerEvent("pointermove", { bubbles: true, pointerType: "mouse" }),
      );
  }, []);
  return (
    <ChakraTooltip.Root
      openDelay={TOOLTIP_OPEN_DELAY_MS}
      closeDelay={TOOLTIP_SKIP_DELAY_MS}
      defaultOpen={resumeAtMount.current === "focus-visible"}
      lazyMount
      unmountOnExit
    >
      <ChakraTooltip.Trigger ref={trigger} asChild>
        {children}
      </ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
