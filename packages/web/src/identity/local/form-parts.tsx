/** Pieces shared by the local provider's forms. */
import { Alert, Box, Field, Input } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";

export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" boxShadow="sm" p={{ base: "5", md: "8" }}>
      {children}
    </Box>
  );
}

export function TextField({
  label,
  type = "text",
  autoComplete,
  registration,
  error,
  placeholder,
  helper,
}: {
  label: string;
  type?: string;
  autoComplete?: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  placeholder?: string;
  helper?: string;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} autoComplete={autoComplete} placeholder={placeholder} {...registration} />
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" borderRadius="md">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

export function messageOf(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : "Something went wrong. Please try again.";
}
