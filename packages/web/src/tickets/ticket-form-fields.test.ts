/**
 * The ticket dialogs draw their selects with the kit's field (ui/form-fields.tsx): a select
 * bound to a form registration written out again in the ticket files is a copy that drifts
 * from the kit's label, required mark and error line.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const srcDir = fileURLToPath(new URL("..", import.meta.url));
const TICKET_FORMS = [
  ...readdirSync(path.join(srcDir, "tickets"))
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => path.join("tickets", file)),
  path.join("dashboard", "new-ticket-dialog.tsx"),
];

/** A NativeSelect bound to a react-hook-form registration, as the kit's select field is. */
const OWN_BOUND_SELECT =
  /<NativeSelect\.Field[^>]*\{\.\.\.(register\(|registration|props\.registration|form\.register)/;

describe("the ticket forms' selects", () => {
  it("are the kit's select field, not markup of their own", () => {
    const copies = TICKET_FORMS.filter((file) =>
      OWN_BOUND_SELECT.test(readFileSync(path.join(srcDir, file), "utf8")),
    );
    expect(copies).toEqual([]);
  });

  it("would notice the markup the ticket fields used to carry", () => {
    expect(OWN_BOUND_SELECT.test("<NativeSelect.Field {...registration}>")).toBe(true);
    expect(OWN_BOUND_SELECT.test("<NativeSelect.Field {...props.registration}>")).toBe(true);
    expect(OWN_BOUND_SELECT.test("<NativeSelect.Field value={status} onChange={set}>")).toBe(false);
  });
});
