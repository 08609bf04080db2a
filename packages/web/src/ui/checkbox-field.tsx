/**
 * A checkbox, and a group of them for a list of choices, for react-hook-form in the portal's
 * look; apart from form-fields.tsx because Chakra's checkbox brings a state machine of its own
 * (docs/performance.md, "`signed-in`").
 */
import { Checkbox, Fieldset, SimpleGrid } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Controller, type FieldValues } from "react-hook-form";
import { type Choice, errorOf, type FieldOf } from "./form-fields";

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

/**
 * Any number of `choices`, as a list of their values kept in the choices' order whatever order
 * they were ticked in.
 */
export function CheckboxGroupField<V extends FieldValues>({
  form,
  name,
  label,
  helper,
  choices,
}: FieldOf<V> & {
  label: string;
  helper?: string;
  choices: readonly Choice[];
}) {
  const error = errorOf(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const chosen = new Set<string>((field.value as string[] | undefined) ?? []);
        return (
          <Fieldset.Root invalid={!!error}>
            <Fieldset.Legend fontWeight="medium" fontSize="sm">
              {label}
            </Fieldset.Legend>
            {helper ? <Fieldset.HelperText>{helper}</Fieldset.HelperText> : null}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" mt="2">
              {choices.map((choice) => (
                <Checkbox.Root
                  key={choice.value}
                  colorPalette="brand"
                  checked={chosen.has(choice.value)}
                  onCheckedChange={(details) => {
                    const next = new Set(chosen);
                    if (details.checked === true) next.add(choice.value);
                    else next.delete(choice.value);
                    field.onChange(choices.map((c) => c.value).filter((v) => next.has(v)));
                  }}
                >
                  <Checkbox.HiddenInput name={field.name} value={choice.value} />
                  <Checkbox.Control />
                  <Checkbox.Label>{choice.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
            <Fieldset.ErrorText fontSize="xs">{error}</Fieldset.ErrorText>
          </Fieldset.Root>
        );
      }}
    />
  );
}
