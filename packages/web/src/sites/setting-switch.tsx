/** An on/off site setting: label and help on the left, the switch on the right. */
import { Stack, Switch, Text } from "@chakra-ui/react";
import type { SiteSettingsInput } from "@portal/core/contracts/sites";
import { type Control, Controller } from "react-hook-form";

export function SettingSwitch({
  control,
  name,
  label,
  help,
}: {
  control: Control<SiteSettingsInput>;
  name: "analyticsEnabled" | "seoEnabled" | "sslEnabled";
  label: string;
  help: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch.Root
          colorPalette="brand"
          checked={field.value}
          onCheckedChange={(event) => field.onChange(event.checked)}
          name={field.name}
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
          <Switch.HiddenInput onBlur={field.onBlur} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
        </Switch.Root>
      )}
    />
  );
}
