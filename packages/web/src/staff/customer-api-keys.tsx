/**
 * A customer's API keys on the console's customer page (docs/console.md): name, prefix,
 * permission, status and last use, never a key; an active one can be revoked, which the audit
 * log records (its read and write: queries.ts).
 */

import { Badge, Button, Flex, Stack, Text } from "@chakra-ui/react";
import type { ApiKey } from "@portal/core/contracts/developer";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/api-error";
import { formatDateTime } from "../tickets/ticket-badges";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { Section } from "./console-ui";
import { customerApiKeysQuery, revokeCustomerApiKey } from "./queries";

const STATUS_PALETTE: Record<ApiKey["status"], string> = {
  active: "green",
  revoked: "gray",
  expired: "orange",
};

export function CustomerApiKeys({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(customerApiKeysQuery(userId));
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeCustomerApiKey(userId, key.id),
    onSuccess: (revoked) => {
      queryClient.setQueryData(customerApiKeysQuery(userId).queryKey, (keys) =>
        keys?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
      toast({ title: `API key "${revoked.name}" revoked` });
    },
    onError: (error) =>
      toast({
        title: "The key was not revoked",
        description: ApiError.from(error)?.detail ?? "Please try again.",
        variant: "destructive",
      }),
  });
  const keys = query.data ?? [];

  return (
    <Section title={query.data ? `API keys (${keys.length})` : "API keys"}>
      <ListStates
        query={query}
        select={(data) => data}
        loading={<LoadingSpinner label="Loading API keys" py="12" />}
        failed={<LoadFailed title="We couldn't load the API keys." retry={query.refetch} />}
        empty={<EmptyCard text={"No API keys."} />}
      >
        {() => (
          <>
            <Stack as="ul" gap="2" listStyleType="none" aria-label="API keys">
              {keys.map((key) => (
                <Flex
                  as="li"
                  key={key.id}
                  gap="3"
                  align="center"
                  justify="space-between"
                  wrap="wrap"
                >
                  <Stack gap="0">
                    <Text fontWeight="medium">
                      {key.name}{" "}
                      <Text as="span" fontFamily="mono" color="fg.muted" fontSize="sm">
                        {key.keyPrefix}…
                      </Text>
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {key.permission === "write" ? "Read and write" : "Read only"} · last used{" "}
                      {key.lastUsed ? formatDateTime(key.lastUsed) : "never"}
                    </Text>
                  </Stack>
                  <Flex gap="2" align="center">
                    <Badge colorPalette={STATUS_PALETTE[key.status]}>{key.status}</Badge>
                    {key.status === "active" ? (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        loading={revoke.isPending && revoke.variables?.id === key.id}
                        onClick={() => revoke.mutate(key)}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </Flex>
                </Flex>
              ))}
            </Stack>
          </>
        )}
      </ListStates>
    </Section>
  );
}
