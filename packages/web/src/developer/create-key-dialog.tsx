/**
 * "Create API key" on /settings (docs/developer-api.md): name, permission and expiry; the key
 * is shown once. Loaded when first opened (api-keys-card.tsx).
 */
import { Field, Input, NativeSelect, Stack } from "@chakra-ui/react";
import {
  API_KEY_EXPIRY_DAYS,
  type ApiKeyCreated,
  apiKeyCreateSchema,
} from "@portal/core/contracts/developer";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../api/api-error";
import { toast } from "../ui/toaster";
import { CreateDialog, fieldErrors } from "./create-dialog";
import { apiKeysKey, createKey } from "./queries";
import { ShownOnce } from "./shown-once";

const PERMISSIONS = [
  { value: "read", label: "Read only", help: "GET requests: sites, tickets, results…" },
  { value: "write", label: "Read and write", help: "Also opens tickets, changes sites…" },
] as const;

export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [permission, setPermission] = useState<"read" | "write">("read");
  const [expiry, setExpiry] = useState("90");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const create = useMutation({
    mutationFn: createKey,
    onSuccess: (result) => {
      setCreated(result);
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
    onError: (error) => {
      const parsed = ApiError.from(error);
      const fields = parsed?.fields ?? {};
      setErrors(fields);
      if (!Object.keys(fields).length) {
        toast({
          title: "The key was not created",
          description: parsed?.detail ?? "Please try again.",
          variant: "destructive",
        });
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      permission,
      expiresInDays: expiry === "never" ? null : Number(expiry),
    };
    const checked = apiKeyCreateSchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    create.mutate(input);
  };

  return (
    <CreateDialog
      title="Create API key"
      size="md"
      submitLabel="Create key"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
      created={
        created && {
          title: "Your new API key",
          body: <ShownOnce label="API key" value={created.key} />,
        }
      }
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>Name</Field.Label>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Zapier, status page"
            maxLength={100}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.permission}>
          <Field.Label>Permissions</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={permission}
              onChange={(e) => setPermission(e.target.value as "read" | "write")}
            >
              {PERMISSIONS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>
            {PERMISSIONS.find((p) => p.value === permission)?.help}
          </Field.HelperText>
        </Field.Root>
        <Field.Root invalid={!!errors.expiresInDays}>
          <Field.Label>Expiration</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={expiry} onChange={(e) => setExpiry(e.target.value)}>
              {API_KEY_EXPIRY_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  {days} days
                </option>
              ))}
              <option value="never">No expiration</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.expiresInDays}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </CreateDialog>
  );
}
