/**
 * One way to bind a form field (ui/form-fields.tsx): a page hands a kit field its form and the
 * field's name, and the field registers (or controls) itself and shows its own error. A
 * registration spread onto an input, a controller, or a field's error read out of the form,
 * outside ui/ is a field of its own that drifts from the kit's label, required mark and error
 * line.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const srcDir = fileURLToPath(new URL("..", import.meta.url));

/** Binding by hand: a registration, a controller, or the form's errors read by a page. */
const BOUND_BY_HAND =
  /\bregister\(|\bregister,|UseFormRegisterReturn|registration=|<Controller\b|useController\(|formState\.errors|formState:\s*\{[^}]*\berrors\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "ui" && dir === srcDir ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [file] : [];
  });
}

describe("form fields", () => {
  it("are bound through the kit only (form and name), never by hand outside ui/", () => {
    const files = sources(srcDir);
    expect(files.length).toBeGreaterThan(100);
    const byHand = files
      .filter((file) => BOUND_BY_HAND.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(srcDir, file));
    expect(byHand).toEqual([]);
  });

  it("would notice the bindings the pages used to write", () => {
    for (const copy of [
      '<Input {...register("name")} />',
      "<NativeSelect.Field {...form.register(name)}>",
      '<TicketTitleField registration={register("title")} />',
      "const { register, handleSubmit } = form;",
      "formState: { errors, isDirty },",
      "formState: { isSubmitting, errors },",
      "form.formState.errors.url",
      "registration: UseFormRegisterReturn;",
      "<Controller\n        control={form.control}",
      "const { field } = useController({ name });",
    ]) {
      expect(BOUND_BY_HAND.test(copy), copy).toBe(true);
    }
    expect(BOUND_BY_HAND.test("formState: { isSubmitting, isDirty },")).toBe(false);
    expect(BOUND_BY_HAND.test('<TextField form={form} name="title" label="Title" />')).toBe(false);
  });
});
