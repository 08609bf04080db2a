/** Step 3 of the questionnaire wizard, Design (docs/questionnaire.md, "The four steps"). */
import { SimpleGrid, Stack } from "@chakra-ui/react";
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
} from "@portal/core/contracts/questionnaires";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { QuestionnaireContentStep } from "../content/questionnaire-content-step";
import { CheckboxField } from "../ui/checkbox-field";
import { RadioCardField } from "../ui/choice-fields";
import { ColorField, TextField } from "../ui/form-fields";
import { designStyleChoices } from "./options";
import type { WizardValues } from "./wizard-values";

type Form = UseFormReturn<WizardValues>;

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
        form={form}
        name="preferredColors"
        label="Preferred Colors"
        placeholder="e.g. navy blue and gold, earthy tones..."
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <ColorField
          form={form}
          name="primaryColor"
          label="Primary Color"
          placeholder={DEFAULT_PRIMARY_COLOR}
          upperCase
        />
        <ColorField
          form={form}
          name="secondaryColor"
          label="Secondary Color"
          placeholder={DEFAULT_SECONDARY_COLOR}
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
