/** The four steps of the questionnaire wizard (docs/questionnaire.md, "The four steps"). */
import {
  Box,
  Checkbox,
  chakra,
  Field,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  RadioCard,
  RadioGroup,
  SimpleGrid,
  Stack,
  Textarea,
} from "@chakra-ui/react";
import { HEX_COLOR } from "@portal/core/contracts/questionnaires";
import type { ReactNode } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import {
  additionalServiceChoices,
  budgetChoices,
  type Choice,
  contactPreferenceChoices,
  designStyleChoices,
  industryChoices,
  timelineChoices,
  websiteTypeChoices,
} from "./options";
import type { WizardField, WizardValues } from "./wizard-values";

type Form = UseFormReturn<WizardValues>;

/** The browser's own colour picker, styled like the other inputs. */
const NativeInput = chakra("input");

function errorOf(form: Form, name: WizardField): string | undefined {
  const error = form.formState.errors[name];
  if (!error) return undefined;
  if (error.message) return String(error.message);
  // An array field's message sits on the item that failed ("additionalServices.1").
  const items = Array.isArray(error) ? error : [];
  return items.find((item) => item?.message)?.message;
}

/** Label (with the required mark), the control, the helper and the field's error. */
function FieldShell({
  form,
  name,
  label,
  required,
  helper,
  children,
}: {
  form: Form;
  name: WizardField;
  label: string;
  required?: boolean;
  helper?: string;
  children: ReactNode;
}) {
  const error = errorOf(form, name);
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function TextField({
  form,
  name,
  label,
  required,
  placeholder,
  helper,
  type = "text",
}: {
  form: Form;
  name: WizardField;
  label: string;
  required?: boolean;
  placeholder?: string;
  helper?: string;
  type?: string;
}) {
  return (
    <FieldShell form={form} name={name} label={label} required={required} helper={helper}>
      <Input type={type} placeholder={placeholder} {...form.register(name)} />
    </FieldShell>
  );
}

function TextAreaField({
  form,
  name,
  label,
  placeholder,
  helper,
  rows = 3,
}: {
  form: Form;
  name: WizardField;
  label: string;
  placeholder?: string;
  helper?: string;
  rows?: number;
}) {
  return (
    <FieldShell form={form} name={name} label={label} helper={helper}>
      <Textarea rows={rows} placeholder={placeholder} {...form.register(name)} />
    </FieldShell>
  );
}

function SelectField({
  form,
  name,
  label,
  placeholder,
  choices,
  required,
  helper,
}: {
  form: Form;
  name: WizardField;
  label: string;
  placeholder: string;
  choices: Choice<string>[];
  required?: boolean;
  helper?: string;
}) {
  return (
    <FieldShell form={form} name={name} label={label} required={required} helper={helper}>
      <NativeSelect.Root>
        <NativeSelect.Field {...form.register(name)}>
          <option value="">{placeholder}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}

/** Radios drawn as cards: a label and a short description each. */
function RadioCardField({
  form,
  name,
  label,
  choices,
  required,
}: {
  form: Form;
  name: "websiteType" | "designStyle";
  label: string;
  choices: Choice<string>[];
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
            value={field.value || null}
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

/** A colour picker and the same value as hex text, kept in step. */
function ColorField({
  form,
  name,
  label,
  placeholder,
}: {
  form: Form;
  name: "primaryColor" | "secondaryColor";
  label: string;
  placeholder: string;
}) {
  const error = errorOf(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const text = field.value ?? "";
        // The picker needs a complete colour; while the text is half typed it keeps the last.
        const swatch = HEX_COLOR.test(text) ? text.toLowerCase() : placeholder.toLowerCase();
        return (
          <Field.Root invalid={!!error}>
            <Field.Label>{label}</Field.Label>
            <HStack gap="2" w="full">
              <NativeInput
                type="color"
                aria-label={`${label} picker`}
                value={swatch}
                onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                w="12"
                h="10"
                p="1"
                flexShrink="0"
                borderWidth="1px"
                borderRadius="md"
                bg="bg"
                cursor="pointer"
              />
              <Input
                name={field.name}
                ref={field.ref}
                value={text}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                placeholder={placeholder}
                maxLength={7}
                fontFamily="mono"
                spellCheck={false}
                autoCapitalize="characters"
              />
            </HStack>
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
        );
      }}
    />
  );
}

function CheckboxField({
  form,
  name,
  children,
}: {
  form: Form;
  name: "contentProvided" | "logoProvided";
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
        <ColorField form={form} name="primaryColor" label="Primary Color" placeholder="#3B82F6" />
        <ColorField
          form={form}
          name="secondaryColor"
          label="Secondary Color"
          placeholder="#8B5CF6"
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
    </Stack>
  );
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
