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

/** A form field's registration and current error, as the fields below take them. */
export interface BoundField {
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** First and last name (sign-up and profile); the caller lays them out. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: BoundField;
  lastName: BoundField;
}) {
  return (
    <>
      <TextField label="First name" autoComplete="given-name" {...firstName} />
      <TextField label="Last name" autoComplete="family-name" {...lastName} />
    </>
  );
}

/** Email and password; `newPassword` for sign-up (browser suggests one, rule shown). */
export function CredentialFields({
  email,
  password,
  newPassword = false,
}: {
  email: BoundField;
  password: BoundField;
  newPassword?: boolean;
}) {
  return (
    <>
      <TextField label="Email address" type="email" autoComplete="email" {...email} />
      <TextField
        label="Password"
        type="password"
        autoComplete={newPassword ? "new-password" : "current-password"}
        helper={newPassword ? "At least 8 characters." : undefined}
        {...password}
      />
    </>
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
