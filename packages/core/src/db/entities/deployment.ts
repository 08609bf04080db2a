/**
 * A deployment of a hosted site (docs/hosting.md): one uploaded zip, unpacked once under
 * `deployments/<deploymentId>/` in the hosting bucket and never written again. In the customer's
 * partition (the `customer` collection), so the account's erasure and data export find it; a
 * site's deployments are one Query on `siteId`, newest first (ULIDs sort by time).
 */
import type { EntityItem } from "electrodb";
import { DEPLOYMENT_STATUSES } from "../../hosting/enums";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model, updatedAt } from "./common";

export const Deployment = lazyEntity({
  model: model("deployment"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    deploymentId: { type: "string", required: true, readOnly: true },
    status: { type: DEPLOYMENT_STATUSES, required: true },
    /** Why the build failed, in words the team can act on. */
    failureReason: { type: "string" },
    /** The uploaded zip's name as the team's browser gave it. */
    fileName: { type: "string", required: true },
    zipBytes: { type: "number", required: true },
    unpackedBytes: { type: "number" },
    fileCount: { type: "number" },
    /** Whether the deployment has its own root 404.html (the routing entry's `nf`). */
    hasNotFoundPage: { type: "boolean" },
    uploadedById: { type: "string", required: true },
    uploadedByEmail: { type: "string" },
    readyAt: { type: "string" },
    /** The last time it was published (made what the site's hosts serve). */
    publishedAt: { type: "string" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["siteId", "deploymentId"], casing: CASE_SENSITIVE },
    },
  },
});

export type DeploymentItem = EntityItem<EntityOf<typeof Deployment>>;
