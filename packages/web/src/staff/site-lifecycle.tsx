/**
 * A site's lifecycle as the team moves it (docs/console.md): status, working URL and live URL,
 * saved only after a confirmation that says what the change will do. Going live tells the
 * customer and measures the live site (screenshot and mobile performance test).
 */
import { Alert, Button, Flex, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { APPROVAL_OVERRIDE_MIN } from "@portal/core/contracts/review";
import type { Site } from "@portal/core/contracts/sites";
import type { StaffSiteLifecycle, StaffSiteUpdate } from "@portal/core/contracts/staff";
import { SITE_STATUS_LABELS, SITE_STATUSES, type SiteStatus } from "@portal/core/sites/enums";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../api/api-error";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { SelectField, TextField } from "../ui/form-fields";
import { formatLongDate } from "../ui/format";
import { toast } from "../ui/toaster";
import { ApprovalOverrideField } from "./approval-override-field";
import { refreshConsole, updateSite } from "./queries";

const STATUS_CHOICES = SITE_STATUSES.map((status) => ({
  value: status,
  label: SITE_STATUS_LABELS[status],
}));

interface LifecycleValues {
  status: SiteStatus;
  url: string;
  liveUrl: string;
}

const valuesOf = (site: StaffSiteLifecycle): LifecycleValues => ({
  status: site.status,
  url: site.url ?? "",
  liveUrl: site.liveUrl ?? "",
});

/** Only what changed is sent, so the audit log records exactly what the team did. */
function changesOf(before: LifecycleValues, after: LifecycleValues): StaffSiteUpdate | null {
  const update: StaffSiteUpdate = {};
  if (after.status !== before.status) update.status = after.status;
  if (after.url.trim() !== before.url) update.url = after.url.trim();
  if (after.liveUrl.trim() !== before.liveUrl) update.liveUrl = after.liveUrl.trim();
  return Object.keys(update).length ? update : null;
}

/** What the confirmation says the change will do. */
function consequences(site: Site, update: StaffSiteUpdate): string[] {
  const lines: string[] = [];
  if (update.status) {
    lines.push(
      `Status: ${SITE_STATUS_LABELS[valuesOf(site).status]} → ${SITE_STATUS_LABELS[update.status]}.`,
    );
  }
  if (update.url !== undefined) lines.push(`Working URL: ${update.url || "(cleared)"}.`);
  if (update.liveUrl !== undefined) lines.push(`Live URL: ${update.liveUrl || "(cleared)"}.`);
  const goesLive = (update.status ?? site.status) === "live" && (update.status || update.liveUrl);
  if (goesLive) {
    lines.push(
      "The customer sees the site as live, and we take a screenshot and run a mobile performance test of the live URL; its score becomes the site's score.",
    );
  }
  return lines;
}

/**
 * Whether the change takes the site live without the customer's approval of the current review
 * round: the team must then write why (docs/sites.md, "Review and approval").
 */
function needsOverride(site: Site, update: StaffSiteUpdate): boolean {
  return update.status === "live" && site.status !== "live" && site.review?.outcome !== "approved";
}

export function SiteLifecycle({ userId, site }: { userId: string; site: Site }) {
  const queryClient = useQueryClient();
  const form = useForm<LifecycleValues>({ values: valuesOf(site) });
  const [pending, setPending] = useState<StaffSiteUpdate | null>(null);
  const [reason, setReason] = useState("");
  const overriding = pending !== null && needsOverride(site, pending);
  const save = useMutation({
    mutationFn: (update: StaffSiteUpdate) => updateSite(userId, site.id, update),
    onSuccess: async (saved) => {
      setPending(null);
      setReason("");
      toast({
        title: "Site updated",
        description: `${saved.name} is ${SITE_STATUS_LABELS[valuesOf(saved).status]}.`,
      });
      await refreshConsole(queryClient);
    },
    onError: (error) => {
      setPending(null);
      const apiError = ApiError.from(error);
      const message = apiError?.detail;
      const fields = apiError?.fields ?? {};
      for (const [name, text] of Object.entries(fields)) {
        if (name === "status" || name === "url" || name === "liveUrl") {
          form.setError(name, { message: text });
        }
      }
      toast({
        title: "The site was not changed",
        description: message ?? "Please try again.",
        variant: "destructive",
      });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const update = changesOf(valuesOf(site), values);
    if (update) setPending(update);
  });

  return (
    <form onSubmit={onSubmit} aria-label={`Lifecycle of ${site.name}`} noValidate>
      <Stack gap="3">
        {site.suspendedAt ? (
          // The customer's subscription ended (docs/billing.md "When a subscription ends").
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Description>
              Suspended since {formatLongDate(site.suspendedAt)}: the subscription ended. Keep the
              site offline; it is deleted after the grace period unless the customer subscribes
              again.
            </Alert.Description>
          </Alert.Root>
        ) : null}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <SelectField
            form={form}
            name="status"
            label="Status"
            choices={STATUS_CHOICES}
            size="sm"
          />
          <TextField
            form={form}
            name="url"
            label="Working URL"
            type="url"
            placeholder="https://"
            size="sm"
          />
          <TextField
            form={form}
            name="liveUrl"
            label="Live URL"
            type="url"
            placeholder="https://"
            size="sm"
          />
        </SimpleGrid>
        <Flex justify="flex-end">
          <Button type="submit" size="sm" colorPalette="brand" disabled={!form.formState.isDirty}>
            Save changes
          </Button>
        </Flex>
      </Stack>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={`Change ${site.name}?`}
        confirmLabel="Confirm"
        pending={save.isPending}
        confirmDisabled={overriding && reason.trim().length < APPROVAL_OVERRIDE_MIN}
        onConfirm={() =>
          pending &&
          save.mutate(overriding ? { ...pending, approvalOverride: reason.trim() } : pending)
        }
      >
        <Stack as="ul" gap="2" ps="4">
          {pending
            ? consequences(site, pending).map((line) => (
                <Text as="li" key={line}>
                  {line}
                </Text>
              ))
            : null}
        </Stack>
        {overriding ? (
          <ApprovalOverrideField review={site.review} value={reason} onChange={setReason} />
        ) : null}
      </ConfirmDialog>
    </form>
  );
}
