/** A colour setting: the browser's colour picker beside the hex value it edits. */
import { Box, Field, HStack, Input } from "@chakra-ui/react";
import type { SiteSettingsInput } from "@portal/core/contracts/sites";
import { type Control, Controller } from "react-hook-form";

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColorField({
  control,
  name,
  label,
  fallback,
}: {
  control: Control<SiteSettingsInput>;
  name: "primaryColor" | "secondaryColor";
  label: string;
  /** What the picker shows while the typed value is not a colour yet. */
  fallback: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field.Root invalid={!!fieldState.error}>
          <Field.Label>{label}</Field.Label>
          <HStack gap="3" w="full">
            <Box
              asChild
              w="12"
              h="10"
              p="1"
              flexShrink="0"
              borderWidth="1px"
              borderRadius="md"
              bg="bg"
              cursor="pointer"
            >
              <input
                type="color"
                aria-label={`${label} picker`}
                value={HEX.test(field.value) ? field.value.toLowerCase() : fallback}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              />
            </Box>
            <Input
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={fallback}
              fontFamily="mono"
              maxLength={7}
              spellCheck={false}
            />
          </HStack>
          <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
        </Field.Root>
      )}
    />
  );
}
