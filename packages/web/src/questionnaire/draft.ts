/**
 * The unfinished questionnaire kept in this browser (localStorage, one entry per signed-in
 * user), so a reload or a closed tab does not lose the answers. Cleared once submitted.
 */

export interface Draft {
  step: number;
  /** The form's values as last typed; read back through restoreValues (wizard-values.ts). */
  values: Record<string, unknown>;
}

const PREFIX = "questionnaire-draft:";

export function draftKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off (some private modes): the wizard still works, without a draft.
    return null;
  }
}

export function loadDraft(userId: string): Draft | null {
  const raw = storage()?.getItem(draftKey(userId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (typeof parsed !== "object" || parsed === null) return null;
    const step = Number(parsed.step);
    return {
      step: Number.isInteger(step) && step >= 1 && step <= 4 ? step : 1,
      values: typeof parsed.values === "object" && parsed.values !== null ? parsed.values : {},
    };
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, draft: Draft): void {
  try {
    storage()?.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // Full or refused: losing the draft is better than breaking the form.
  }
}

export function clearDraft(userId: string): void {
  storage()?.removeItem(draftKey(userId));
}
