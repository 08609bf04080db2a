/**
 * Form fields for react-hook-form, in the portal's look: a label with its required mark, the
 * control, a helper line and the field's error (the questionnaire wizard's steps use them; any
 * form may). Every field is bound the same way, `form={form} name="…"` (this file's, the radio
 * cards', the checkbox's, the setting switch's): generic over the form's values, so a field name
 * is checked against the form, and the field reads its own error.
 * Radio cards (choice-fields.tsx) and the checkbox (checkbox-field.tsx) are in files of their
 * own, so a form of text fields does not download their machinery (docs/performance.md,
 * "`signed-in`").
 */
import { chakra, Field, HStack, Input, NativeSelect, Textarea } from "@chakra-ui/react";
import { HEX_COLOR } from "@portal/core/questionnaires/enums";
import type { ReactNode } from "react";
import { Controller, type FieldValues, get, type Path, type UseFormReturn } from "react-hook-form";

/** One option of a select or a set of radio cards. */
export interface Choice {
  value: string;
  label: string;
  description?: string;
}

/** The browser's own colour picker, styled like the other inputs. */
const NativeInput = chakra("input");

export function errorOf<V extends FieldValues>(
  form: UseFormReturn<V>,
  name: Path<V>,
): string | undefined {
  const error = get(form.formState.errors, name) as
    | { message?: unknown }
    | { message?: string }[]
    | undefined;
  if (!error) return undefined;
  if (!Array.isArray(error) && error.message) return String(error.message);
  // An array field's message sits on the item that failed ("additionalServices.1").
  const items = Array.isArray(error) ? error : [];
  return items.find((item) => item?.message)?.message;
}

/** What every field takes: the form and the name of its field in it. */
export interface FieldOf<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: Path<V>;
}

/**
 * Label (with the required mark), the control, the helper and the field's error; the error
 * takes the helper's place while it shows. `note` stays under the control whatever the error
 * (a live character count).
 */
export function FieldShell({
  label,
  required,
  helper,
  note,
  error,
  children,
}: {
  label: string;
  required?: boolean;
  helper?: string;
  note?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {note}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A one-line text input: text, e-mail, password, URL. */
export function TextField<V extends FieldValues>({
  form,
  name,
  label,
  required,
  placeholder,
  helper,
  autoComplete,
  type = "text",
  size,
}: FieldOf<V> & {
  label: string;
  required?: boolean;
  placeholder?: string;
  helper?: string;
  autoComplete?: string;
  type?: string;
  /** "sm" where the other inputs beside it are small (the console's lifecycle form). */
  size?: "sm" | "md";
}) {
  return (
    <FieldShell label={label} required={required} helper={helper} error={errorOf(form, name)}>
      <Input
        type={type}
        size={size}
        autoComplete={autoComplete}
        placeholder={placeholder}
        {...form.register(name)}
      />
    </FieldShell>
  );
}

export function TextAreaField<V extends FieldValues>({
  form,
  name,
  label,
  required,
  placeholder,
  helper,
  note,
  rows = 3,
}: FieldOf<V> & {
  label: string;
  required?: boolean;
  placeholder?: string;
  helper?: string;
  /** Drawn under the box even while the error shows (a live character count). */
  note?: ReactNode;
  rows?: number;
}) {
  return (
    <FieldShell
      label={label}
      required={required}
      helper={helper}
      note={note}
      error={errorOf(form, name)}
    >
      <Textarea rows={rows} placeholder={placeholder} {...form.register(name)} />
    </FieldShell>
  );
}

/**
 * A select of `choices`. With `placeholder`, the first option is an empty "Select a …"; without,
 * the select starts on the form's default.
 */
export function SelectField<V extends FieldValues>({
  form,
  name,
  label,
  placeholder,
  choices,
  required,
  helper,
  size,
}: FieldOf<V> & {
  label: string;
  placeholder?: string;
  choices: readonly Choice[];
  required?: boolean;
  helper?: string;
  /** "sm" where the other inputs beside it are small (the console's lifecycle form). */
  size?: "sm" | "md";
}) {
  return (
    <FieldShell label={label} required={required} helper={helper} error={errorOf(form, name)}>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field {...form.register(name)}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
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

/**
 * A colour picker and the same value as hex text, kept in step. The picker needs a complete
 * colour: while the text is half typed (or not a colour) it shows `placeholder`.
 */
export function ColorField<V extends FieldValues>({
  form,
  name,
  label,
  placeholder,
  upperCase = false,
}: FieldOf<V> & {
  label: string;
  placeholder: string;
  /** Write what the picker chooses in capitals ("#C2410C"), as the questionnaire does. */
  upperCase?: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const text = (field.value as string | null | undefined) ?? "";
        const swatch = HEX_COLOR.test(text) ? text.toLowerCase() : placeholder.toLowerCase();
        return (
          <Field.Root invalid={!!fieldState.error}>
            <Field.Label>{label}</Field.Label>
            <HStack gap="3" w="full">
              <NativeInput
                type="color"
                aria-label={`${label} picker`}
                value={swatch}
                onChange={(event) =>
                  field.onChange(upperCase ? event.target.value.toUpperCase() : event.target.value)
                }
                onBlur={field.onBlur}
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
                autoCapitalize={upperCase ? "characters" : undefined}
              />
            </HStack>
            <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
          </Field.Root>
        );
      }}
    />
  );
}
