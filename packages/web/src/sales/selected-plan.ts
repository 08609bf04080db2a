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
