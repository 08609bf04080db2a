/**
 * Large parts of a page rendered in the background (docs/performance.md "`signed-in`"). The
 * router and TanStack Query hand React their updates as urgent ones, which React renders in one
 * task however long: the whole shell and page as the sign-in check passes, a list as its read
 * answers. A background (deferred) render is the same work in slices of about 5 ms with the
 * browser let in between, so a tap or a paint waits for one slice, not for the whole page.
 */
import { type ReactNode, useDeferredValue } from "react";
import { FullPageSpinner } from "./full-page-spinner";

/**
 * Shows `fallback` (the spinner the gate showed before) in the urgent render that mounts it,
 * then `children` from a background render. Used once per shell, so moving between pages
 * keeps the page on screen until the next one is ready, as before.
 */
export function RenderInBackground({
  children,
  fallback = <FullPageSpinner />,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
