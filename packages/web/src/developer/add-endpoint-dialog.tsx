/**
 * "Add webhook endpoint" on /settings (docs/developer-api.md): an https URL and the events to
 * send; the signing secret is shown once. Loaded when first opened (webhooks-card.tsx).
 */
import { Checkbox, Code, Field, Fieldset, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookCreated,
  type WebhookEventType,
  webhookCreateSchema,
} from "@portal/core/contracts/developer";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../api/api-error";
import { CreateDialog, fieldErrors } from "./create-dialog";
import { createWebhook, webhooksKey } from "./queries";
import { ShownOnce } from "./shown-once";

/** What each event means, in the customer's words. */
const EVENT_LABELS: Record<WebhookEventType, string> = {
  "site.live": "A site goes live",
  "site.status_changed": "A site's status changes",
  "ticket.staff_replied": "Our team replies to a ticket",
  "ticket.status_changed": "A ticket's status changes",
  "audit.completed": "An SEO or performance run completes",
  "domain.verified": "A custom domain is verified",
  "payment.failed": "A payment fails",
  "site.review_requested": "A draft of a site is ready for review",
  "site.approved": "A draft is approved",
  "site.changes_requested": "Changes to a draft are requested",
};

export function AddEndpointDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["site.live"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: (result) => {
      setCreated(result);
      void queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
    onError: (error) => {
      const parsed = ApiError.from(error);
      const fields = parsed?.fields ?? {};
      // The guard's refusal (a private address) is about the URL: shown beside it.
      setErrors(
        Object.keys(fields).length
          ? fields
          : { url: parsed?.detail ?? "The endpoint was not added. Please try again." },
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = webhookCreateSchema.safeParse({ url, events });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    create.mutate({ url, events });
  };

  return (
    <CreateDialog
      title="Add webhook endpoint"
      size="lg"
      submitLabel="Add endpoint"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
      created={
        created && {
          title: "Endpoint added",
          body: (
            <Stack gap="3">
              <Text fontSize="sm">
                Verify every delivery with this signing secret (see the{" "}
                <Code fontSize="xs">webhook-signature</Code> header).
              </Text>
              <ShownOnce label="Signing secret" value={created.secret} />
            </Stack>
          ),
        }
      }
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.url} required>
          <Field.Label>Endpoint URL</Field.Label>
          <Input
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/webhooks/portal"
          />
          <Field.ErrorText>{errors.url}</Field.ErrorText>
        </Field.Root>
        <Fieldset.Root invalid={!!errors.events}>
          <Fieldset.Legend fontWeight="medium" fontSize="sm">
            Events to send
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" mt="2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox.Root
                key={type}
                colorPalette="brand"
                alignItems="flex-start"
                checked={events.includes(type)}
                onCheckedChange={(details) =>
                  setEvents((current) =>
                    WEBHOOK_EVENT_TYPES.filter((t) =>
                      t === type ? details.checked === true : current.includes(t),
                    ),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>
                  <Text>{EVENT_LABELS[type]}</Text>
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    {type}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
          <Fieldset.ErrorText fontSize="xs">{errors.events}</Fieldset.ErrorText>
        </Fieldset.Root>
      </Stack>
    </CreateDialog>
  );
}
