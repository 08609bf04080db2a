import { describe, expect, it, vi } from "vitest";
import { toastOptions } from "./toaster";

describe('toasts (docs/pages.md, "Toasts and tooltips")', () => {
  it("carry an action to the store, beside title, description and variant", () => {
    const onClick = vi.fn();
    expect(
      toastOptions({
        title: "Site Deleted",
        description: "Your site has been deleted successfully.",
        action: { label: "Undo", onClick },
      }),
    ).toMatchObject({
      title: "Site Deleted",
      description: "Your site has been deleted successfully.",
      type: "info",
      action: { label: "Undo", onClick },
    });
    expect(toastOptions({ title: "Error", variant: "destructive" })).toMatchObject({
      type: "error",
      action: undefined,
    });
  });
});
