/** The local stand-in for Clerk's <SignIn/>: email and password against /dev-identity/sign-in. */
import { Button, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { type SignInInput, signInInputSchema } from "@portal/core/contracts/dev-identity";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { afterSignInPath, invitedEmail } from "../return-path";
import { CredentialFields, FormCard, FormError, messageOf } from "./form-parts";
import { useLocalIdentityActions } from "./local-identity";

export default function LocalSignInForm() {
  const { signIn } = useLocalIdentityActions();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInInputSchema),
    // On the way to an invitation: the address it is for (return-path.ts).
    defaultValues: { email: invitedEmail() ?? "" },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signIn(values);
    } catch (error) {
      setFormError(messageOf(error));
      return;
    }
    // After sign-in the user goes to /sales (docs/access.md, "The SPA's gate"), or back to the
    // invitation they came from (return-path.ts).
    await navigate({ href: afterSignInPath() });
  });

  return (
    <FormCard>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormError message={formError} />
          <CredentialFields form={form} />
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
            loadingText="Signing in..."
          >
            Sign In
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
