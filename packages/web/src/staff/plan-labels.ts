/** A plan id as the team says it. */

import { plans } from "@portal/core/contracts/plans";
import type { PlanId } from "@portal/core/contracts/users";

export const PLAN_LABELS = Object.fromEntries(plans.map((plan) => [plan.id, plan.name])) as Record<
  PlanId,
  string
>;
