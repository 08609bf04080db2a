/** The four steps of the questionnaire wizard (docs/questionnaire.md, "The four steps"). */
import { Checkbox, Fieldset, HStack, RadioGroup, SimpleGrid, Stack } from "@chakra-ui/react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { QuestionnaireContentStep } from "../content/questionnaire-content-step";
import { CheckboxField, RadioCardField } from "../ui/choice-fields";
import {
  ColorField,
  errorOf,
  fieldOf,
  SelectField,
  TextAreaField,
  TextField,
} from "../ui/form-fields";
import {
  additionalServiceChoices,
  budgetChoices,
  contactPreferenceChoices,
  designStyleChoices,
  industryChoices,
  timelineChoices,
  websiteTypeChoices,
} from "./options";
import type { WizardValues } from "./wizard-values";

type Form = UseFormReturn<WizardValues>;

export function BusinessStep({ form }: { form: Form }) {
  return (
    <Stack gap="5">
      <TextField
        {...fieldOf(form, "businessName")}
        label="Business Name"
        required
        placeholder="Your business name"
      />
      <SelectField
        form={form}
        name="industry"
        label="Industry"
        required
        placeholder="Select your industry"
        choices={industryChoices}
      />
      <RadioCardField
        form={form}
        name="websiteType"
        label="Website Type"
        required
        choices={websiteTypeChoices}
      />
      <TextAreaField
        form={form}
        name="targetAudience"
        label="Target Audience"
        placeholder="Who are your ideal customers? (age, location, interests...)"
      />
    </Stack>
  );
}

export function GoalsStep({ form }: { form: Form }) {
  return (
    <Stack gap="5">
      <TextAreaField
        form={form}
        name="businessGoals"
        label="Business Goals"
        rows={4}
        placeholder="What do you want your website to achieve? (more leads, online sales, bookings...)"
      />
      <TextField
        {...fieldOf(form, "currentWebsite")}
        label="Current Website (optional)"
        type="url"
        placeholder="https://www.yourwebsite.com"
        helper="Leave blank if you don't have a website yet."
      />
      <TextAreaField
        form={form}
        name="competitors"
        label="Competitor Websites"
        rows={4}
        placeholder={"https://competitor-one.com\nhttps://competitor-two.com"}
        helper="Enter one website per line."
      />
    </Stack>
  );
}

export function DesignStep({ form }: { form: Form }) {
  return (
    <Stack gap="5">
      <RadioCardField
        form={form}
        name="designStyle"
        label="Preferred Design Style"
        choices={designStyleChoices}
      />
      <TextField
        {...fieldOf(form, "preferredColors")}
        label="Preferred Colors"
        placeholder="e.g. navy blue and gold, earthy tones..."
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <ColorField
          control={form.control}
          name="primaryColor"
          label="Primary Color"
          placeholder="#3B82F6"
          upperCase
        />
        <ColorField
          control={form.control}
          name="secondaryColor"
          label="Secondary Color"
          placeholder="#8B5CF6"
          upperCase
        />
      </SimpleGrid>
      <Stack gap="3">
        <CheckboxField form={form} name="contentProvided">
          I will provide all content (text, images)
        </CheckboxField>
        <CheckboxField form={form} name="logoProvided">
          I have a logo
        </CheckboxField>
      </Stack>
      <FilesStep form={form} />
    </Stack>
  );
}

/** The optional upload of what the two boxes above promise (docs/content.md). */
function FilesStep({ form }: { form: Form }) {
  const [logo, content] = useWatch({
    control: form.control,
    name: ["logoProvided", "contentProvided"],
  });
  return <QuestionnaireContentStep logo={!!logo} content={!!content} />;
}

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
