/**
 * A checkbox for react-hook-form in the portal's look; apart from form-fields.tsx because
 * Chakra's checkbox brings a state machine of its own (docs/performance.md, "`signed-in`").
 */
import { Checkbox } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Controller, type FieldValues } from "react-hook-form";
import type { FieldOf } from "./form-fields";

export function CheckboxField<V extends FieldValues>({
  form,
  name,
  children,
}: FieldOf<V> & {
  children: ReactNode;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root
          checked={!!field.value}
          onCheckedChange={(details) => field.onChange(details.checked === true)}
          colorPalette="brand"
          alignItems="flex-start"
        >
          <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label>{children}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}
