/**
 * API keys on /settings (docs/developer-api.md): create (name, permission, expiry; the key is
 * shown once), list with prefix, permission and last use, revoke.
 */
import {
  Badge,
  Button,
  Card,
  Code,
  Field,
  Flex,
  Heading,
  Input,
  NativeSelect,
  Stack,
  Text,
} from "@chakra-ui/react";
import {
  API_KEY_EXPIRY_DAYS,
  type ApiKey,
  type ApiKeyCreated,
  apiKeyCreateSchema,
} from "@portal/core/contracts/developer";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ApiError } from "../api/api-error";
import { formatAge } from "../staff/format";
import { formatLongDate } from "../ui/format";
import { toast } from "../ui/toaster";
import { CreateDialog, fieldErrors } from "./create-dialog";
import { apiKeysKey, apiKeysQuery, createKey, revokeKey } from "./queries";
import { ShownOnce } from "./shown-once";

const PERMISSIONS = [
  { value: "read", label: "Read only", help: "GET requests: sites, tickets, results…" },
  { value: "write", label: "Read and write", help: "Also opens tickets, changes sites…" },
] as const;

const STATUS = {
  active: { label: "Active", palette: "green" },
  revoked: { label: "Revoked", palette: "gray" },
  expired: { label: "Expired", palette: "orange" },
} as const;

export function ApiKeysCard() {
  const keys = useQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  return (
    <Card.Root mb="6" data-testid="api-keys">
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading size="md">API keys</Heading>
            <Text fontSize="sm" color="fg.muted">
              Send a key as <Code>Authorization: Bearer sk_…</Code>. Keys never reach billing or key
              management.
            </Text>
          </Stack>
          <Button colorPalette="brand" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Create API key
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        {keys.isPending ? (
          <Text color="fg.muted">Loading API keys…</Text>
        ) : keys.isError ? (
          <Text color="fg.error">Your API keys could not be loaded. Please try again.</Text>
        ) : keys.data.length === 0 ? (
          <Text color="fg.muted">No API keys yet.</Text>
        ) : (
          <Stack gap="0" divideY="1px">
            {keys.data.map((key) => (
              <KeyRow key={key.id} apiKey={key} />
            ))}
          </Stack>
        )}
      </Card.Body>
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
    </Card.Root>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeKey(apiKey.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
      toast({ title: "API key revoked", description: `${apiKey.name} no longer works.` });
    },
    onError: () =>
      toast({
        title: "The key was not revoked",
        description: "Please try again.",
        variant: "destructive",
      }),
  });
  const status = STATUS[apiKey.status];
  return (
    <Flex
      py="3"
      gap="3"
      align={{ base: "flex-start", md: "center" }}
      direction={{ base: "column", md: "row" }}
      data-testid="api-key-row"
    >
      <Stack gap="1" flex="1" minW="0">
        <Flex gap="2" align="center" wrap="wrap">
          <KeyRound size={16} aria-hidden />
          <Text fontWeight="medium" wordBreak="break-word" minW="0">
            {apiKey.name}
          </Text>
          <Badge colorPalette={status.palette}>{status.label}</Badge>
          <Badge variant="outline">
            {apiKey.permission === "write" ? "Read and write" : "Read only"}
          </Badge>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          <Code fontSize="xs">{apiKey.keyPrefix}…</Code> ·{" "}
          {apiKey.lastUsed ? `Last used ${formatAge(apiKey.lastUsed)}` : "Never used"} ·{" "}
          {apiKey.expiresAt ? `Expires ${formatLongDate(apiKey.expiresAt)}` : "No expiry"}
        </Text>
      </Stack>
      {apiKey.status === "active" ? (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          loading={revoke.isPending}
          onClick={() => {
            if (window.confirm(`Revoke ${apiKey.name}? Anything using it stops working at once.`)) {
              revoke.mutate();
            }
          }}
        >
          Revoke
        </Button>
      ) : null}
    </Flex>
  );
}

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
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
