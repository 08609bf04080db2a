/**
 * Choice fields for react-hook-form in the portal's look: radios drawn as cards, and a
 * checkbox. Apart from form-fields.tsx because each brings a state machine of its own (about
 * 9 KB gzip together) that a form of text fields does not need (docs/performance.md,
 * "`signed-in`").
 */
import { Box, Checkbox, Fieldset, RadioCard, SimpleGrid } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Controller, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { type Choice, errorOf } from "./form-fields";

/** Radios drawn as cards: a label and a short description each. */
export function RadioCardField<V extends FieldValues>({
  form,
  name,
  label,
  choices,
  required,
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
  choices: Choice[];
  required?: boolean;
}) {
  const error = errorOf(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Fieldset.Root invalid={!!error}>
          <RadioCard.Root
            name={field.name}
            value={(field.value as string | undefined) || null}
            onValueChange={(details) => field.onChange(details.value ?? "")}
            colorPalette="brand"
            size="sm"
            invalid={!!error}
          >
            <RadioCard.Label fontWeight="medium" fontSize="sm">
              {label}
              {required ? (
                <Box as="span" color="fg.error" ms="1" aria-hidden>
                  *
                </Box>
              ) : null}
            </RadioCard.Label>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              {choices.map((choice) => (
                <RadioCard.Item key={choice.value} value={choice.value}>
                  <RadioCard.ItemHiddenInput onBlur={field.onBlur} />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemContent>
                      <RadioCard.ItemText>{choice.label}</RadioCard.ItemText>
                      {choice.description ? (
                        <RadioCard.ItemDescription>{choice.description}</RadioCard.ItemDescription>
                      ) : null}
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </SimpleGrid>
          </RadioCard.Root>
          <Fieldset.ErrorText fontSize="xs">{error}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  );
}

export function CheckboxField<V extends FieldValues>({
  form,
  name,
  children,
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
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
