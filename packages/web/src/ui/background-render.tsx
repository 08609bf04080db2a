/**
 * Large parts of a page rendered in the background (docs/performance.md "`signed-in`"). The
 * router and TanStack Query hand React their updates as urgent ones, which React renders in one
 * task however long: the whole shell and page as the sign-in check passes, a list as its read
 * answers. A background (deferred) render is the same work in slices of about 5 ms with the
 * browser let in between, so a tap or a paint waits for one slice, not for the whole page.
 */
import { type ReactNode, startTransition, useDeferredValue, useEffect, useState } from "react";
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

/**
 * Shows `children` from a background render that starts once the commit that mounted this is
 * done, so a large part of a page is a commit of its own (docs/performance.md, "Fifth round").
 * React slices a background render but never a commit, nor the style and layout work after it:
 * the shell and the page, or a page's header and its lists, in one commit were one long task
 * on a phone. Only the first mount waits; later renders (moving between pages) do not.
 */
export function RenderAfterCommit({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : fallback;
}
