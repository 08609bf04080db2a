/**
 * The console's review of one site's draft (docs/console.md, docs/sites.md "Review and
 * approval"): "Ready for review" posts the next version with its preview URL (a screenshot is
 * taken of it), and every version so far shows with the customer's answer.
 */
import { Button, Collapsible, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReviewRoundCreate } from "@portal/core/contracts/review";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { useForm } from "react-hook-form";
import { ApiError } from "../api/api-error";
import { refreshConsole } from "../staff/queries";
import { fieldOf, TextAreaField, TextField } from "../ui/form-fields";
import { toast } from "../ui/toaster";
import { postRound, staffFileLink, staffReviewQuery } from "./queries";
import { OutcomeBadge, RoundCard } from "./round-card";

interface ReadyValues {
  previewUrl: string;
  note: string;
}

export function StaffReviewPanel({ userId, siteId }: { userId: string; siteId: string }) {
  const queryClient = useQueryClient();
  const review = useQuery(staffReviewQuery(userId, siteId));
  const link = staffFileLink(userId);
  const form = useForm<ReadyValues>({ defaultValues: { previewUrl: "", note: "" } });
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
        if (name === "previewUrl" || name === "note") form.setError(name, { message: text });
      }
      toast({
        title: "The version was not posted",
        description: apiError?.detail ?? "Please try again.",
        variant: "destructive",
      });
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    post.mutate({ previewUrl: values.previewUrl.trim(), note: values.note.trim() || undefined }),
  );

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
            <TextField
              {...fieldOf(form, "previewUrl")}
              label="Preview URL"
              type="url"
              placeholder="https://"
              required
            />
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
