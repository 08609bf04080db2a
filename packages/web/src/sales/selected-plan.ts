/** The plan a visitor picked, kept in session storage under `selectedPlan` until /subscribe. */
export const SELECTED_PLAN_KEY = "selectedPlan";

/**
 * Storage can be unavailable (private mode, quotas); that is only logged (docs/pages.md, "Public
 * pages").
 */
export function storeSelectedPlan(planName: string): void {
  try {
    window.sessionStorage.setItem(SELECTED_PLAN_KEY, planName);
  } catch (error) {
    console.log("Could not store the selected plan.", error);
  }
}

export function readSelectedPlan(): string | null {
  try {
    return window.sessionStorage.getItem(SELECTED_PLAN_KEY);
  } catch (error) {
    console.log("Could not read the selected plan.", error);
    return null;
  }
}

/** The attribute of a plan's link that names the plan (sales/plan-card.tsx). */
export const PLAN_LINK_ATTRIBUTE = "data-selected-plan";

/**
 * Stores the plan named by the plan link at or around `target`, if there is one: called by
 * the app's plan links and, on a pre-rendered page, by one listener for all of them
 * (prerender/boot.ts).
 */
export function storePlanOfLink(target: EventTarget | null): void {
  const link = target instanceof Element ? target.closest(`a[${PLAN_LINK_ATTRIBUTE}]`) : null;
  const planName = link?.getAttribute(PLAN_LINK_ATTRIBUTE);
  if (planName) storeSelectedPlan(planName);
}
