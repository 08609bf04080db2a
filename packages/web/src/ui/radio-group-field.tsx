/**
 * One of a few `choices` as a row of plain radios, for react-hook-form in the portal's look (the
 * radio cards are choice-fields.tsx). Apart from form-fields.tsx for the radio group's state
 * machine (docs/performance.md, "`signed-in`").
 */
import { Fieldset, HStack, RadioGroup } from "@chakra-ui/react";
import { Controller, type FieldValues } from "react-hook-form";
import { type Choice, errorOf, type FieldOf } from "./form-fields";

export function RadioGroupField<V extends FieldValues>({
  form,
  name,
  label,
  choices,
}: FieldOf<V> & {
  label: string;
  choices: readonly Choice[];
}) {
  const error = errorOf(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Fieldset.Root invalid={!!error}>
          <RadioGroup.Root
            name={field.name}
            value={(field.value as string | undefined) || null}
            onValueChange={(details) => field.onChange(details.value ?? "")}
            colorPalette="brand"
          >
            <RadioGroup.Label fontWeight="medium" fontSize="sm" mb="2" display="block">
              {label}
            </RadioGroup.Label>
            <HStack gap="6" wrap="wrap">
              {choices.map((choice) => (
                <RadioGroup.Item key={choice.value} value={choice.value}>
                  <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <Fieldset.ErrorText fontSize="xs">{error}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  );
}
