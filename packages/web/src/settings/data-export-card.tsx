/**
 * "Export my data" on /settings (docs/privacy.md): asks for an export, shows it being built,
 * and offers the download (a link that expires) once it is ready; a mail says so too.
 */
import { Button, Card, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import type { DataExport } from "@portal/core/contracts/privacy";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { ApiError } from "../api/api-error";
import { longDateTime } from "../audits/display";
import { toast } from "../ui/toaster";
import { dataExportQuery, requestExport } from "./queries";

function size(bytes: number | null) {
  if (bytes === null) return "";
  return bytes < 1024 * 1024
    ? ` (${Math.max(1, Math.round(bytes / 1024))} KB)`
    : ` (${(bytes / 1024 / 1024).toFixed(1)} MB)`;
}

function ExportState({ current }: { current: DataExport | null | undefined }) {
  if (!current) return null;
  if (current.status === "queued" || current.status === "running") {
    return (
      <HStack gap="3" role="status">
        <Spinner size="sm" color="brand.solid" />
        <Text fontSize="sm">Preparing your export… We will e-mail you when it is ready.</Text>
      </HStack>
    );
  }
  if (current.status === "failed") {
    return (
      <Text fontSize="sm" color="fg.error" role="status">
        Your last export could not be prepared. Please try again.
      </Text>
    );
  }
  if (!current.downloadUrl || !current.availableUntil) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Your last export has expired. Ask for a new one.
      </Text>
    );
  }
  return (
    <Stack gap="2" role="status">
      <Text fontSize="sm">
        Your export of {longDateTime(current.requestedAt)} is ready{size(current.sizeBytes)}. You
        can download it until {longDateTime(current.availableUntil)}.
      </Text>
    </Stack>
  );
}

export function DataExportCard() {
  const queryClient = useQueryClient();
  const { data: current, isPending } = useQuery(dataExportQuery());
  const mutation = useMutation({
    mutationFn: requestExport,
    onSuccess: (started) => {
      queryClient.setQueryData(dataExportQuery().queryKey, started);
      toast({
        title: "Your export is being prepared",
        description: "We will e-mail you a download link when it is ready.",
      });
    },
    onError: (error) =>
      toast({
        title: "Your export was not started",
        description: ApiError.from(error)?.detail ?? "Please try again.",
        variant: "destructive",
      }),
  });
  const busy = current?.status === "queued" || current?.status === "running";
  const ready = current?.status === "ready" && !!current.downloadUrl;

  return (
    <Card.Root mb="6" id="data-export">
      <Card.Header>
        <Heading size="md">Export your data</Heading>
        <Text fontSize="sm" color="fg.muted">
          One file with everything we hold about you: your profile, sites, questionnaire, tickets,
          analytics, audits, activity, API keys and webhooks (never their secrets), invoices&apos;
          references and your screenshots.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {isPending ? (
            <Spinner size="sm" color="brand.solid" />
          ) : (
            <ExportState current={current} />
          )}
          <HStack gap="3" flexWrap="wrap">
            {ready && current?.downloadUrl ? (
              <Button asChild colorPalette="brand">
                <a href={current.downloadUrl} download>
                  <Download aria-hidden />
                  Download your data
                </a>
              </Button>
            ) : null}
            <Button
              variant={ready ? "outline" : "solid"}
              colorPalette={ready ? undefined : "brand"}
              onClick={() => mutation.mutate()}
              loading={mutation.isPending}
              disabled={busy || isPending}
            >
              {current ? "Export my data again" : "Export my data"}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
