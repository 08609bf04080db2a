/**
 * API keys on /settings (docs/developer-api.md): create (name, permission, expiry; the key is
 * shown once), list with prefix, permission and last use, revoke.
 */
import { Badge, Button, Card, Code, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { ApiKey } from "@portal/core/contracts/developer";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { formatAge } from "../staff/format";
import { formatLongDate } from "../ui/format";
import { ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { apiKeysKey, apiKeysQuery, revokeKey } from "./queries";

// The form to create a key, with its dialog, loads when first opened (docs/performance.md,
// "`signed-in`").
const CreateKeyDialog = lazy(() =>
  import("./create-key-dialog").then((m) => ({ default: m.CreateKeyDialog })),
);

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
        <ListStates
          query={keys}
          select={(data) => data}
          loading={<LoadingSpinner label="Loading API keys" py="6" />}
          failed={<LoadFailed title="We couldn't load your API keys." retry={keys.refetch} />}
          empty={<Text color="fg.muted">No API keys yet.</Text>}
        >
          {(list) => (
            <Stack gap="0" divideY="1px">
              {list.map((key) => (
                <KeyRow key={key.id} apiKey={key} />
              ))}
            </Stack>
          )}
        </ListStates>
      </Card.Body>
      <Suspense fallback={null}>
        {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
      </Suspense>
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
