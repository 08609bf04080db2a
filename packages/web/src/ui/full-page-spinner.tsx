import { Center, Spinner, Stack, Text, VisuallyHidden } from "@chakra-ui/react";

/** The loading state while identity or the user record is not known yet. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="4">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        {label ? <Text color="fg.muted">{label}</Text> : <VisuallyHidden>Loading</VisuallyHidden>}
      </Stack>
    </Center>
  );
}
