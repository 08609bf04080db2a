/**
 * Radios drawn as cards, for react-hook-form in the portal's look. Apart from form-fields.tsx
 * (and the checkbox from checkbox-field.tsx) because each brings a state machine of its own
 * (about 4 KB gzip each) that a form of text fields does not need (docs/performance.md,
 * "`signed-in`").
 */
import { Box, Fieldset, RadioCard, SimpleGrid } from "@chakra-ui/react";
import { Controller, type FieldValues } from "react-hook-form";
import { type Choice, errorOf, type FieldOf } from "./form-fields";

/** Radios drawn as cards: a label and a short description each. */
export function RadioCardField<V extends FieldValues>({
  form,
  name,
  label,
  choices,
  required,
}: FieldOf<V> & {
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
