/**
 * One of a few choices, for react-hook-form in the portal's look: radios drawn as cards
 * (RadioCardField) or in a row (RadioGroupField). Apart from form-fields.tsx (and the checkbox
 * from checkbox-field.tsx) because each brings a state machine of its own (about 4 KB gzip
 * each) that a form of text fields does not need (docs/performance.md, "`signed-in`").
 */
import { Box, Fieldset, HStack, RadioCard, RadioGroup, SimpleGrid } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Controller, type FieldValues } from "react-hook-form";
import { type Choice, errorOf, type FieldOf } from "./form-fields";

/** What a radio group's root takes to follow the form's field. */
interface RadioRootBinding {
  name: string;
  value: string | null;
  onValueChange: (details: { value: string | null }) => void;
}

/** `name` of `form` bound to a radio group drawn by `render`, with the field's error under it. */
function RadioBinding<V extends FieldValues>({
  form,
  name,
  render,
}: FieldOf<V> & {
  render: (root: RadioRootBinding, onBlur: () => void, error: string | undefined) => ReactNode;
}) {
  const error = errorOf(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Fieldset.Root invalid={!!error}>
          {render(
            {
              name: field.name,
              value: (field.value as string | undefined) || null,
              onValueChange: (details) => field.onChange(details.value ?? ""),
            },
            field.onBlur,
            error,
          )}
          <Fieldset.ErrorText fontSize="xs">{error}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  );
}

/** Radios drawn as cards: a label and a short description each. */
export function RadioCardField<V extends FieldValues>({
  label,
  choices,
  required,
  ...field
}: FieldOf<V> & {
  label: string;
  choices: Choice[];
  required?: boolean;
}) {
  return (
    <RadioBinding
      {...field}
      render={(root, onBlur, error) => (
        <RadioCard.Root {...root} colorPalette="brand" size="sm" invalid={!!error}>
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
                <RadioCard.ItemHiddenInput onBlur={onBlur} />
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
      )}
    />
  );
}

/** Plain radios in a row, for a short list of one-word choices. */
export function RadioGroupField<V extends FieldValues>({
  label,
  choices,
  ...field
}: FieldOf<V> & {
  label: string;
  choices: readonly Choice[];
}) {
  return (
    <RadioBinding
      {...field}
      render={(root, onBlur) => (
        <RadioGroup.Root {...root} colorPalette="brand">
          <RadioGroup.Label fontWeight="medium" fontSize="sm" mb="2" display="block">
            {label}
          </RadioGroup.Label>
          <HStack gap="6" wrap="wrap">
            {choices.map((choice) => (
              <RadioGroup.Item key={choice.value} value={choice.value}>
                <RadioGroup.ItemHiddenInput onBlur={onBlur} />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      )}
    />
  );
}
