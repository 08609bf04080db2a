/** Step 4 of the questionnaire wizard, Services (docs/questionnaire.md, "The four steps"). */
import { SimpleGrid, Stack } from "@chakra-ui/react";
import type { UseFormReturn } from "react-hook-form";
import { CheckboxGroupField } from "../ui/checkbox-field";
import { RadioGroupField } from "../ui/choice-fields";
import { SelectField, TextAreaField } from "../ui/form-fields";
import {
  additionalServiceChoices,
  budgetChoices,
  contactPreferenceChoices,
  timelineChoices,
} from "./options";
import type { WizardValues } from "./wizard-values";

type Form = UseFormReturn<WizardValues>;

export function ServicesStep({ form }: { form: Form }) {
  return (
    <Stack gap="5">
      <CheckboxGroupField
        form={form}
        name="additionalServices"
        label="Additional Services"
        helper="Choose any extras you are interested in."
        choices={additionalServiceChoices}
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
      <RadioGroupField
        form={form}
        name="contactPreference"
        label="Preferred Contact Method"
        choices={contactPreferenceChoices}
      />
    </Stack>
  );
}
