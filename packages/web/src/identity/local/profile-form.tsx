/** The local stand-in for Clerk's <UserProfile/>: names and picture via PATCH /dev-identity/me. */
import { Avatar, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ProfileUpdate, profileUpdateSchema } from "@portal/core/contracts/dev-identity";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { currentUserKey } from "../../api/current-user";
import { TextField } from "../../ui/form-fields";
import { useIdentity } from "../context";
import { FormCard, FormError, messageOf, NameFields } from "./form-parts";
import { useLocalIdentityActions } from "./local-identity";

export default function LocalProfileForm() {
  const identity = useIdentity();
  const { updateProfile } = useLocalIdentityActions();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const user = identity.user;
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      imageUrl: user?.imageUrl ?? "",
    },
  });
  const {
    handleSubmit,
    formState: { isSubmitting, isDirty },
    reset,
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      await updateProfile(values);
      reset(values);
      setSaved(true);
      // The API refreshes its record from the next token's claims.
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    } catch (error) {
      setFormError(messageOf(error));
    }
  });

  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || "User";

  return (
    <FormCard>
      <Stack gap="6">
        <HStack gap="4">
          <Avatar.Root size="xl" colorPalette="brand">
            <Avatar.Fallback name={name} />
            {user?.imageUrl ? <Avatar.Image src={user.imageUrl} alt="" /> : null}
          </Avatar.Root>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" fontSize="lg" truncate>
              {name}
            </Text>
            <Text color="fg.muted" truncate>
              {user?.email}
            </Text>
          </Stack>
        </HStack>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <FormError message={formError} />
            <NameFields form={form} />
            <TextField
              form={form}
              name="imageUrl"
              label="Profile image URL"
              type="url"
              placeholder="https://…"
            />
            <HStack gap="3">
              <Button
                type="submit"
                colorPalette="brand"
                loading={isSubmitting}
                loadingText="Saving..."
                disabled={!isDirty}
              >
                Save Profile
              </Button>
              {saved ? (
                <Text color="green.fg" role="status">
                  Profile saved.
                </Text>
              ) : null}
            </HStack>
          </Stack>
        </form>
      </Stack>
    </FormCard>
  );
}
