/**
 * A site's deployments as the console reads and writes them (docs/console.md, "Deployments";
 * docs/hosting.md), each through the typed `call()` (api/call.ts), keyed by `apiKey()`. The
 * zip itself goes straight to storage with the upload's signed headers (content/upload.ts).
 */
import type { DeploymentPublish } from "@portal/core/contracts/hosting";
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";
import { putWithProgress } from "../content/upload";
import { isSettling, SETTLING_POLL_MS } from "./deployment-rules";

const LIST = "GET /api/staff/customers/{userId}/sites/{siteId}/deployments" as const;
const ONE = "GET /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}" as const;

/** The site's deployments, newest first, with its production URL and the live one's id. */
export const deploymentsQuery = (userId: string, siteId: string) => {
  const input = { params: { userId, siteId } };
  return queryOptions({
    queryKey: apiKey(LIST, input),
    queryFn: () => call(LIST, input),
  });
};

/** One deployment, looked at again every SETTLING_POLL_MS while it is on its way. */
export const deploymentQuery = (userId: string, siteId: string, deploymentId: string) => {
  const input = { params: { userId, siteId, deploymentId } };
  return queryOptions({
    queryKey: apiKey(ONE, input),
    queryFn: () => call(ONE, input),
    refetchInterval: (query) =>
      query.state.data && !isSettling(query.state.data.status) ? false : SETTLING_POLL_MS,
  });
};

/**
 * Asks for an upload, sends the zip to storage with the signed headers (progress 0–1), then
 * confirms it: the answer is the deployment, queued for the worker.
 */
export async function uploadDeployment(
  userId: string,
  siteId: string,
  file: File,
  onProgress: (fraction: number) => void,
) {
  const params = { userId, siteId };
  const { deployment, upload } = await call(
    "POST /api/staff/customers/{userId}/sites/{siteId}/deployments",
    { params, body: { fileName: file.name, size: file.size } },
  );
  await putWithProgress({ method: "PUT", ...upload }, file, onProgress);
  return call(
    "POST /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}/confirm",
    {
      params: { ...params, deploymentId: deployment.id },
    },
  );
}

/** Publishes a ready deployment, or rolls back to an earlier one (the same route). */
export const publishDeployment = (
  userId: string,
  siteId: string,
  deploymentId: string,
  body: DeploymentPublish,
) =>
  call("POST /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}/publish", {
    params: { userId, siteId, deploymentId },
    body,
  });
