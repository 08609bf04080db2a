/** Pieces shared by the local provider's forms. */
import { Alert, Box } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { type BoundField, TextField } from "../../ui/form-fields";

export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" boxShadow="sm" p={{ base: "5", md: "8" }}>
      {children}
    </Box>
  );
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
