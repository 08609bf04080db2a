/**
 * The console's review of one site's draft (docs/console.md, docs/sites.md "Review and
 * approval"): "Ready for review" posts the next version, one of the site's ready deployments
 * (its preview address) or a typed preview URL for a site hosted elsewhere (a screenshot is
 * taken of it), and every version so far shows with the customer's answer.
 */
import { Button, Collapsible, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReviewRoundCreate } from "@portal/core/contracts/review";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { useForm } from "react-hook-form";
import { ApiError } from "../api/api-error";
import { deploymentRef } from "../hosting/deployment-rules";
import { deploymentsQuery } from "../hosting/queries";
import { refreshConsole } from "../staff/queries";
import { formatDateTime } from "../tickets/ticket-badges";
import { SelectField, TextAreaField, TextField } from "../ui/form-fields";
import { toast } from "../ui/toaster";
import { postRound, staffFileLink, staffReviewQuery } from "./queries";
import { OutcomeBadge, RoundCard } from "./round-card";

interface ReadyValues {
  /** A ready deployment's id, or "" for the typed preview URL. */
  deploymentId: string;
  previewUrl: string;
  note: string;
}

/** The choice of a typed address, for a site hosted elsewhere. */
const TYPED_URL = "";

export function StaffReviewPanel({ userId, siteId }: { userId: string; siteId: string }) {
  const queryClient = useQueryClient();
  const review = useQuery(staffReviewQuery(userId, siteId));
  const link = staffFileLink(userId);
  const deployments = useQuery(deploymentsQuery(userId, siteId));
  const ready = (deployments.data?.deployments ?? []).filter((d) => d.status === "ready");
  const choices = [
    ...ready.map((d) => ({
      value: d.id,
      label: `${deploymentRef(d.id)} · ${d.fileName} · ${formatDateTime(d.readyAt ?? d.createdAt)}${d.live ? " · live" : ""}`,
    })),
    { value: TYPED_URL, label: "Another address (type its URL)" },
  ];
  // The newest ready deployment is offered first; until the list answers, the typed URL.
  const form = useForm<ReadyValues>({
    values: { deploymentId: ready[0]?.id ?? TYPED_URL, previewUrl: "", note: "" },
    resetOptions: { keepDirtyValues: true },
  });
  const chosen = form.watch("deploymentId");
  const post = useMutation({
    mutationFn: (body: ReviewRoundCreate) => postRound(userId, siteId, body),
    onSuccess: async (round) => {
      form.reset();
      toast({
        title: "Ready for review",
        description: `Version ${round.round} was sent to the customer.`,
      });
      await refreshConsole(queryClient);
    },
    onError: (error) => {
      const apiError = ApiError.from(error);
      for (const [name, text] of Object.entries(apiError?.fields ?? {})) {
        if (name === "previewUrl" || name === "note" || name === "deploymentId") {
          form.setError(name, { message: text });
        }
      }
      toast({
        title: "The version was not posted",
        description: apiError?.detail ?? "Please try again.",
        variant: "destructive",
      });
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    const note = values.note.trim() || undefined;
    const deployment = ready.find((d) => d.id === values.deploymentId);
    post.mutate(
      deployment
        ? { deploymentId: deployment.id, note }
        : { previewUrl: values.previewUrl.trim(), note },
    );
  });

  const rounds = review.data?.rounds ?? [];
  const current = rounds[0];
  const withCustomer = current?.outcome === "pending";
  return (
    <Stack gap="3" borderTopWidth="1px" borderBottomWidth="1px" py="3" aria-label="Review">
      <HStack gap="2" flexWrap="wrap">
        <Text fontWeight="semibold">Review</Text>
        {current ? (
          <>
            <Text fontSize="sm" color="fg.muted">
              Version {current.round}
            </Text>
            <OutcomeBadge outcome={current.outcome} />
          </>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No version posted yet
          </Text>
        )}
      </HStack>
      {current?.outcome === "changes_requested" ? (
        <RoundCard round={current} current link={link} />
      ) : null}
      {withCustomer ? (
        <Text fontSize="sm" color="fg.muted">
          Version {current.round} is with the customer; the next can be posted once they answer.
        </Text>
      ) : (
        <form onSubmit={onSubmit} aria-label="Ready for review" noValidate>
          <Stack gap="2">
            {ready.length > 0 ? (
              <SelectField
                form={form}
                name="deploymentId"
                label="Version to review"
                choices={choices}
                helper="A ready deployment is reviewed at its preview address."
              />
            ) : null}
            {ready.length === 0 || chosen === TYPED_URL ? (
              <TextField
                form={form}
                name="previewUrl"
                label="Preview URL"
                type="url"
                placeholder="https://"
                required
              />
            ) : null}
            <TextAreaField form={form} name="note" label="Note to the customer" rows={2} />
            <Flex justify="flex-end">
              <Button type="submit" size="sm" colorPalette="brand" loading={post.isPending}>
                Ready for review
              </Button>
            </Flex>
          </Stack>
        </form>
      )}
      {rounds.length > 0 ? (
        <Collapsible.Root>
          <Collapsible.Trigger asChild>
            <Button size="xs" variant="ghost" alignSelf="flex-start">
              History ({rounds.length} {rounds.length === 1 ? "version" : "versions"})
              <ChevronDown aria-hidden size={14} />
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Stack gap="2" pt="2">
              {rounds.map((round) => (
                <RoundCard
                  key={round.round}
                  round={round}
                  current={round === current}
                  link={link}
                />
              ))}
            </Stack>
          </Collapsible.Content>
        </Collapsible.Root>
      ) : null}
    </Stack>
  );
}
