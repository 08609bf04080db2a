/**
 * An on/off setting: label and help on the left, the switch on the right. `SettingSwitch` for a
 * value the page holds (the e-mail preferences), `SettingSwitchField` for a form's boolean
 * (the site settings form).
 */
import { Stack, Switch, Text } from "@chakra-ui/react";
import { Controller, type FieldValues } from "react-hook-form";
import type { FieldOf } from "./form-fields";

export interface SettingSwitchProps {
  label: string;
  help: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  onBlur?: () => void;
}

export function SettingSwitch({
  label,
  help,
  checked,
  onCheckedChange,
  disabled,
  name,
  onBlur,
}: SettingSwitchProps) {
  return (
    <Switch.Root
      colorPalette="brand"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(event) => onCheckedChange(event.checked)}
      name={name}
      display="flex"
      justifyContent="space-between"
      gap="4"
    >
      <Stack gap="0.5">
        <Switch.Label fontWeight="medium">{label}</Switch.Label>
        <Text fontSize="sm" color="fg.muted">
          {help}
        </Text>
      </Stack>
      <Switch.HiddenInput onBlur={onBlur} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

/** A form's boolean field `name` as a SettingSwitch. */
export function SettingSwitchField<V extends FieldValues>({
  form,
  name,
  label,
  help,
}: FieldOf<V> & {
  label: string;
  help: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SettingSwitch
          label={label}
          help={help}
          checked={Boolean(field.value)}
          onCheckedChange={field.onChange}
          name={field.name}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
