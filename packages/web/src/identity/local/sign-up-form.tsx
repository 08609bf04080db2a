/** The local stand-in for Clerk's <SignUp/>: creates an account at /dev-identity/sign-up. */
import { Button, SimpleGrid, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { type SignUpInput, signUpInputSchema } from "@portal/core/contracts/dev-identity";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { invitedEmail } from "../return-path";
import { DevIdentityError } from "./dev-identity-client";
import { CredentialFields, FormCard, FormError, messageOf, NameFields } from "./form-parts";
import { useLocalIdentityActions } from "./local-identity";

const fieldNames = ["email", "password", "firstName", "lastName"] as const;

export default function LocalSignUpForm() {
  const { signUp } = useLocalIdentityActions();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpInputSchema),
    // On the way to an invitation: the address it is for (return-path.ts).
    defaultValues: { email: invitedEmail() ?? "" },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  // Once signed in, the root route syncs the user record and moves on to /sales.
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUp(values);
    } catch (error) {
      if (error instanceof DevIdentityError && error.fields) {
        for (const name of fieldNames) {
          const message = error.fields[name];
          if (message) setError(name, { message });
        }
      }
      setFormError(messageOf(error));
    }
  });

  return (
    <FormCard>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormError message={formError} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <NameFields form={form} />
          </SimpleGrid>
          <CredentialFields form={form} newPassword />
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
            loadingText="Creating account..."
          >
            Create Account
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
