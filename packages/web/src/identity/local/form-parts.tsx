/** Pieces shared by the local provider's forms. */
import { Alert, Box } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { Path, UseFormReturn } from "react-hook-form";
import { TextField } from "../../ui/form-fields";

export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" boxShadow="sm" p={{ base: "5", md: "8" }}>
      {children}
    </Box>
  );
}

// The constraint says the form has these fields; TypeScript cannot see that a literal name of
// them is a Path of the generic form, hence the casts.

/** First and last name of a form that has them (sign-up and profile); the caller lays them out. */
export function NameFields<V extends Record<"firstName" | "lastName", unknown>>({
  form,
}: {
  form: UseFormReturn<V>;
}) {
  return (
    <>
      <TextField
        form={form}
        name={"firstName" as Path<V>}
        label="First name"
        autoComplete="given-name"
      />
      <TextField
        form={form}
        name={"lastName" as Path<V>}
        label="Last name"
        autoComplete="family-name"
      />
    </>
  );
}

/** Email and password; `newPassword` for sign-up (browser suggests one, rule shown). */
export function CredentialFields<V extends Record<"email" | "password", unknown>>({
  form,
  newPassword = false,
}: {
  form: UseFormReturn<V>;
  newPassword?: boolean;
}) {
  return (
    <>
      <TextField
        form={form}
        name={"email" as Path<V>}
        label="Email address"
        type="email"
        autoComplete="email"
      />
      <TextField
        form={form}
        name={"password" as Path<V>}
        label="Password"
        type="password"
        autoComplete={newPassword ? "new-password" : "current-password"}
        helper={newPassword ? "At least 8 characters." : undefined}
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
