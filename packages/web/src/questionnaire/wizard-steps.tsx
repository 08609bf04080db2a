/**
 * The first two steps of the questionnaire wizard (docs/questionnaire.md, "The four steps");
 * the Design and Services steps are in design-step.tsx and services-step.tsx, loaded when the
 * browser is first idle on the wizard or when they are first shown (docs/performance.md,
 * "`signed-in`"): their checkboxes and the file upload are not needed to start.
 */
import { Stack } from "@chakra-ui/react";
import type { UseFormReturn } from "react-hook-form";
import { RadioCardField } from "../ui/choice-fields";
import { SelectField, TextAreaField, TextField } from "../ui/form-fields";
import { industryChoices, websiteTypeChoices } from "./options";
import type { WizardValues } from "./wizard-values";

type Form = UseFormReturn<WizardValues>;

export function BusinessStep({ form }: { form: Form }) {
  return (
    <Stack gap="5">
      <TextField
        form={form}
        name="businessName"
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
        form={form}
        name="currentWebsite"
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
