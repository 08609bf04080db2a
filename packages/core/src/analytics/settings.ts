/**
 * The Google Analytics connection (docs/analytics.md, "The Analytics page"): a tracking ID kept on
 * the user record. The format rule is the contract's; the ID arrives here already normalised.
 */
import type { AnalyticsSettings } from "../contracts/analytics";
import { db, isConditionFailure } from "../db/service";
import { NotFoundError } from "../errors";

export type GaSettings = Omit<AnalyticsSettings, "scriptUrl">;

function toSettings(trackingId: string | undefined): GaSettings {
  return { isConnected: Boolean(trackingId), trackingId: trackingId ?? null };
}

export async function getSettings(userId: string): Promise<GaSettings> {
  const { data: user } = await db.entities.user.get({ userId }).go();
  if (!user) throw new NotFoundError("User not found");
  return toSettings(user.gaTrackingId);
}

/** Stores a checked, normalised tracking ID (replacing any earlier one). */
export async function connect(userId: string, trackingId: string): Promise<GaSettings> {
  try {
    const { data } = await db.entities.user
      .patch({ userId })
      .set({ gaTrackingId: trackingId })
      .go({ response: "all_new" });
    return toSettings(data.gaTrackingId);
  } catch (error) {
    throw missingUser(error);
  }
}

export async function disconnect(userId: string): Promise<GaSettings> {
  try {
    const { data } = await db.entities.user
      .patch({ userId })
      .remove(["gaTrackingId"])
      .go({ response: "all_new" });
    return toSettings(data.gaTrackingId);
  } catch (error) {
    throw missingUser(error);
  }
}

/** patch() fails its condition when the user record does not exist (not yet synced). */
function missingUser(error: unknown): unknown {
  return isConditionFailure(error) ? new NotFoundError("User not found") : error;
}
