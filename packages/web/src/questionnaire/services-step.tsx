/** Step 4 of the questionnaire wizard, Services (docs/questionnaire.md, "The four steps"). */
import { Checkbox, Fieldset, HStack, RadioGroup, SimpleGrid, Stack } from "@chakra-ui/react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { errorOf, SelectField, TextAreaField } from "../ui/form-fields";
import {
  additionalServiceChoices,
  budgetChoices,
  contactPreferenceChoices,
  timelineChoices,
} from "./options";
import type { WizardValues } from "./wizard-values";

type Form = UseFormReturn<WizardValues>;

export function ServicesStep({ form }: { form: Form }) {
  const servicesError = errorOf(form, "additionalServices");
  return (
    <Stack gap="5">
      <Controller
        control={form.control}
        name="additionalServices"
        render={({ field }) => {
          const chosen = new Set(field.value ?? []);
          return (
            <Fieldset.Root invalid={!!servicesError}>
              <Fieldset.Legend fontWeight="medium" fontSize="sm">
                Additional Services
              </Fieldset.Legend>
              <Fieldset.HelperText>Choose any extras you are interested in.</Fieldset.HelperText>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" mt="2">
                {additionalServiceChoices.map((choice) => (
                  <Checkbox.Root
                    key={choice.value}
                    colorPalette="brand"
                    checked={chosen.has(choice.value)}
                    onCheckedChange={(details) => {
                      const next = new Set(chosen);
                      if (details.checked === true) next.add(choice.value);
                      else next.delete(choice.value);
                      // Kept in the list's order, whatever order they were ticked in.
                      field.onChange(
                        additionalServiceChoices.map((c) => c.value).filter((v) => next.has(v)),
                      );
                    }}
                  >
                    <Checkbox.HiddenInput name={field.name} value={choice.value} />
                    <Checkbox.Control />
                    <Checkbox.Label>{choice.label}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
              <Fieldset.ErrorText fontSize="xs">{servicesError}</Fieldset.ErrorText>
            </Fieldset.Root>
          );
        }}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField
          form={form}
          name="timeline"
          label="Preferred Timeline"
          placeholder="Select a timeline"
          choices={timelineChoices}
        />
        <SelectField
          form={form}
          name="budget"
          label="Additional Budget for Extras"
          placeholder="Select a budget"
          choices={budgetChoices}
          helper="Beyond your monthly subscription."
        />
      </SimpleGrid>
      <TextAreaField
        form={form}
        name="specialRequirements"
        label="Special Requirements"
        rows={4}
        placeholder="Anything else we should know? (booking system, languages, accessibility needs...)"
      />
      <Controller
        control={form.control}
        name="contactPreference"
        render={({ field }) => (
          <Fieldset.Root invalid={!!errorOf(form, "contactPreference")}>
            <RadioGroup.Root
              name={field.name}
              value={field.value ?? "email"}
              onValueChange={(details) => field.onChange(details.value ?? "email")}
              colorPalette="brand"
            >
              <RadioGroup.Label fontWeight="medium" fontSize="sm" mb="2" display="block">
                Preferred Contact Method
              </RadioGroup.Label>
              <HStack gap="6" wrap="wrap">
                {contactPreferenceChoices.map((choice) => (
                  <RadioGroup.Item key={choice.value} value={choice.value}>
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            <Fieldset.ErrorText fontSize="xs">
              {errorOf(form, "contactPreference")}
            </Fieldset.ErrorText>
          </Fieldset.Root>
        )}
      />
    </Stack>
  );
}
