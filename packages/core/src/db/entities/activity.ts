/** activities (docs/data.md): the dashboard's Recent Activity, newest first by id. */
import type { EntityItem } from "electrodb";
import { newId } from "../ids";
import { createdAt, type EntityOf, idFrom, lazyEntity, model, ownerIndex } from "./common";

export const Activity = lazyEntity({
  model: model("activity"),
  attributes: {
    activityId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("activityId"),
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string" },
    /**
     * The person who acted (docs/team.md, "Who did it"); absent where the team or the system
     * did (a payment failed, a site went live) and on entries older than teams.
     */
    actorId: { type: "string", readOnly: true },
    description: { type: "string", required: true },
    /** e.g. site_requested, ticket_created, site_updated: the dashboard picks its icon by it. */
    type: { type: "string", required: true },
    createdAt,
  },
  indexes: {
    byOwner: ownerIndex(["activityId"]),
  },
});

export type ActivityItem = EntityItem<EntityOf<typeof Activity>>;
