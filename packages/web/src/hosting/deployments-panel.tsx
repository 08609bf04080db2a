/**
 * A site's Deployments panel on the console's customer page (docs/console.md, "Deployments"):
 * upload a zip of the built site (refused in the browser past the size limit, with the reason),
 * follow it while it is queued and built, open its preview, publish it, and roll back to an
 * earlier ready one. The live deployment is marked with the time it was published.
 */
import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  Link,
  Progress,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { formatBytes } from "@portal/core/contracts/content";
import type { Deployment } from "@portal/core/contracts/hosting";
import { APPROVAL_OVERRIDE_MIN } from "@portal/core/contracts/review";
import type { Site } from "@portal/core/contracts/sites";
import { HOSTING_LIMITS } from "@portal/core/hosting/enums";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Upload } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../api/api-error";
import { ApprovalOverrideField } from "../staff/approval-override-field";
import { formatAge } from "../staff/format";
import { refreshConsole } from "../staff/queries";
import { formatDateTime } from "../tickets/ticket-badges";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ListStates, LoadFailed } from "../ui/query-states";
import { toast } from "../ui/toaster";
import {
  DEPLOYMENT_STATUS_PALETTES,
  DEPLOYMENT_STATUS_WORDS,
  deploymentRef,
  deploymentSize,
  isSettling,
  publishAction,
  publishGoesLive,
  publishNeedsOverride,
  zipRefusal,
} from "./deployment-rules";
import { deploymentQuery, deploymentsQuery, publishDeployment, uploadDeployment } from "./queries";

interface UploadState {
  name: string;
  /** 0–1 of the bytes sent. */
  progress: number;
  error?: string;
}

function messageOf(error: unknown): string {
  const api = ApiError.from(error);
  const field = api ? Object.values(api.fields)[0] : undefined;
  return field ?? api?.detail ?? (error instanceof Error ? error.message : "The upload failed");
}

/** Where the team drops or chooses the site's zip; refused zips say why before any upload. */
function ZipUpload({ userId, siteId }: { userId: string; siteId: string }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);
  const [upload, setUpload] = useState<UploadState | null>(null);
  const busy = upload !== null && upload.error === undefined;

  const start = (file: File) => {
    if (busy) return;
    const refused = zipRefusal(file);
    setUpload({ name: file.name, progress: 0, error: refused });
    if (refused) return;
    uploadDeployment(userId, siteId, file, (progress) =>
      setUpload((state) => (state ? { ...state, progress } : state)),
    )
      .then(async () => {
        setUpload(null);
        toast({ title: "Uploaded", description: `${file.name} is queued to be built.` });
        await refreshConsole(queryClient);
      })
      .catch(async (error: unknown) => {
        setUpload({ name: file.name, progress: 0, error: messageOf(error) });
        // A deployment may have been created before the failure: the list shows it as it is.
        await refreshConsole(queryClient);
      });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) start(file);
  };

  return (
    <Stack gap="2">
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? "brand.solid" : "border"}
        bg={over ? "brand.subtle" : "bg.subtle"}
        borderRadius="lg"
        p="3"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="deployment-drop-zone"
      >
        <Flex
          gap="2"
          align="center"
          justify="center"
          direction={{ base: "column", sm: "row" }}
          textAlign="center"
        >
          <Text fontSize="sm" color="fg.muted">
            Drop the built site as a .zip (HTML, CSS, JS, images, fonts), up to{" "}
            {formatBytes(HOSTING_LIMITS.zipBytes)}
          </Text>
          <Button
            size="sm"
            variant="outline"
            flexShrink="0"
            loading={busy}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden />
            Upload a zip
          </Button>
          <VisuallyHidden>
            <label htmlFor={inputId}>Site zip to deploy</label>
            <input
              id={inputId}
              ref={input}
              type="file"
              accept=".zip,application/zip"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) start(file);
              }}
            />
          </VisuallyHidden>
        </Flex>
      </Box>
      {upload ? (
        <Stack gap="1" aria-live="polite">
          <Text fontSize="sm" truncate>
            <Text as="span" fontWeight="medium">
              {upload.name}
            </Text>{" "}
            <Text as="span" color={upload.error ? "red.fg" : "fg.muted"}>
              — {upload.error ? "Refused" : `Uploading ${Math.round(upload.progress * 100)}%`}
            </Text>
          </Text>
          {upload.error ? (
            <Text fontSize="sm" color="red.fg" role="alert">
              {upload.error}
            </Text>
          ) : (
            <Progress.Root
              value={Math.round(upload.progress * 100)}
              size="xs"
              colorPalette="brand"
              aria-label={`${upload.name} upload progress`}
            >
              <Progress.Track borderRadius="full">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

interface PendingPublish {
  deployment: Deployment;
  action: "publish" | "rollback";
}

function DeploymentRow({
  userId,
  deployment: listed,
  live,
  onPublish,
}: {
  userId: string;
  deployment: Deployment;
  live: Deployment | undefined;
  onPublish: (pending: PendingPublish) => void;
}) {
  const queryClient = useQueryClient();
  const settling = isSettling(listed.status);
  // While it is on its way the row looks at the deployment itself until it is ready or failed.
  const polled = useQuery({
    ...deploymentQuery(userId, listed.siteId, listed.id),
    enabled: settling,
  });
  const deployment = settling && polled.data ? polled.data : listed;
  const settled = settling && polled.data !== undefined && !isSettling(polled.data.status);
  useEffect(() => {
    if (settled) void refreshConsole(queryClient);
  }, [settled, queryClient]);

  const action = publishAction(deployment, live);
  const label = `Deployment ${deploymentRef(deployment.id)}`;
  return (
    <Stack
      as="li"
      gap="1"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      borderColor={deployment.live ? "green.emphasized" : "border"}
      aria-label={label}
    >
      <Flex gap="2" justify="space-between" align="center" flexWrap="wrap">
        <HStack gap="2" minW="0" flexWrap="wrap">
          <Text fontWeight="medium" fontFamily="mono" fontSize="sm">
            {deploymentRef(deployment.id)}
          </Text>
          <Text fontSize="sm" truncate maxW="60">
            {deployment.fileName}
          </Text>
          <Badge colorPalette={DEPLOYMENT_STATUS_PALETTES[deployment.status]} variant="subtle">
            {DEPLOYMENT_STATUS_WORDS[deployment.status]}
          </Badge>
          {deployment.live ? (
            <Badge colorPalette="green" variant="solid">
              Live
              {deployment.publishedAt ? ` since ${formatDateTime(deployment.publishedAt)}` : ""}
            </Badge>
          ) : null}
        </HStack>
        <HStack gap="2">
          {deployment.previewUrl ? (
            <Button asChild size="xs" variant="ghost">
              <a href={deployment.previewUrl} target="_blank" rel="noreferrer">
                Preview <ExternalLink aria-hidden size={14} />
              </a>
            </Button>
          ) : null}
          {action ? (
            <Button
              size="xs"
              variant={action === "publish" ? "solid" : "outline"}
              colorPalette="brand"
              onClick={() => onPublish({ deployment, action })}
            >
              {action === "publish" ? "Publish" : "Roll back"}
            </Button>
          ) : null}
        </HStack>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        Uploaded by {deployment.uploadedBy}, {formatDateTime(deployment.createdAt)} ·{" "}
        {deploymentSize(deployment)}
        {!deployment.live && deployment.publishedAt
          ? ` · last published ${formatAge(deployment.publishedAt)}`
          : ""}
      </Text>
      {deployment.status === "failed" ? (
        <Text fontSize="sm" color="red.fg">
          {deployment.failureReason ?? "The build failed."} Nothing of it is served.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The addresses a publish changes: the production address and a verified custom domain. */
function servedAt(productionUrl: string | null, site: Site): string {
  const names = [productionUrl ?? "The site's address"];
  if (site.customDomain && site.domainVerified) names.push(site.customDomain);
  return names.join(" and ");
}

export function DeploymentsPanel({ userId, site }: { userId: string; site: Site }) {
  const queryClient = useQueryClient();
  const list = useQuery(deploymentsQuery(userId, site.id));
  const [pending, setPending] = useState<PendingPublish | null>(null);
  const [reason, setReason] = useState("");
  // The server asked for the reason though the page thought none was needed (its view was old).
  const [reasonAsked, setReasonAsked] = useState<string | undefined>(undefined);
  const deployments = list.data?.deployments ?? [];
  const liveId = list.data?.liveDeploymentId ?? null;
  const live = deployments.find((d) => d.id === liveId);
  const overriding =
    pending !== null &&
    (publishNeedsOverride(site) || reasonAsked !== undefined) &&
    pending.action === "publish";

  const close = () => {
    setPending(null);
    setReason("");
    setReasonAsked(undefined);
  };
  const publish = useMutation({
    mutationFn: ({ deployment }: PendingPublish) =>
      publishDeployment(
        userId,
        site.id,
        deployment.id,
        overriding ? { approvalOverride: reason.trim() } : {},
      ),
    onSuccess: async (published, { action }) => {
      close();
      toast({
        title: action === "rollback" ? "Rolled back" : "Published",
        description: `${site.name} now serves ${deploymentRef(published.id)}.`,
      });
      await refreshConsole(queryClient);
    },
    onError: (error) => {
      const apiError = ApiError.from(error);
      const asked = apiError?.fields.approvalOverride;
      if (asked) {
        setReasonAsked(asked);
        return;
      }
      close();
      toast({
        title: "Nothing was published",
        description: apiError?.detail ?? "Please try again.",
        variant: "destructive",
      });
    },
  });

  return (
    <Stack as="section" gap="3" aria-label={`Deployments of ${site.name}`}>
      <Flex gap="2" justify="space-between" align="center" flexWrap="wrap">
        <Text fontWeight="semibold">Deployments</Text>
        {list.data?.productionUrl ? (
          <Link
            href={list.data.productionUrl}
            target="_blank"
            rel="noreferrer"
            fontSize="sm"
            color="brand.fg"
          >
            {list.data.productionUrl} <ExternalLink aria-hidden size={14} />
          </Link>
        ) : null}
      </Flex>
      <ZipUpload userId={userId} siteId={site.id} />
      <ListStates
        query={list}
        select={(data) => data.deployments}
        loading={<Skeleton height="16" />}
        failed={<LoadFailed title="We couldn't load the deployments." retry={list.refetch} />}
        empty={
          <Text fontSize="sm" color="fg.muted">
            Nothing deployed yet.
          </Text>
        }
      >
        {(rows) => (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Deployments">
            {rows.map((deployment) => (
              <DeploymentRow
                key={deployment.id}
                userId={userId}
                deployment={deployment}
                live={live}
                onPublish={setPending}
              />
            ))}
          </Stack>
        )}
      </ListStates>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title={
          pending?.action === "rollback"
            ? `Roll back to ${deploymentRef(pending.deployment.id)}?`
            : `Publish ${pending ? deploymentRef(pending.deployment.id) : ""}?`
        }
        confirmLabel={pending?.action === "rollback" ? "Roll back" : "Publish"}
        pending={publish.isPending}
        confirmDisabled={overriding && reason.trim().length < APPROVAL_OVERRIDE_MIN}
        onConfirm={() => pending && publish.mutate(pending)}
      >
        {pending ? (
          <Stack gap="2">
            <Text>
              {servedAt(list.data?.productionUrl ?? null, site)} will serve{" "}
              {deploymentRef(pending.deployment.id)} ({pending.deployment.fileName}, uploaded{" "}
              {formatDateTime(pending.deployment.createdAt)}) within seconds. No file is copied.
            </Text>
            {pending.action === "rollback" && live ? (
              <Text>{deploymentRef(live.id)}, live now, stays ready to publish again.</Text>
            ) : null}
            {publishGoesLive(site) ? (
              <Text>
                This takes the site live: the customer is told, and we take a screenshot and run a
                mobile performance test of it.
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {overriding ? (
          <ApprovalOverrideField
            review={site.review}
            value={reason}
            onChange={setReason}
            error={reasonAsked}
          />
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
