/**
 * What the team's routes refuse, in words for the person who asked (docs/team.md): the server's
 * own message where it wrote one for a person, else a line for the status.
 */
import { ApiError, unavailableMessage } from "../api/api-error";

export function refusalOf(error: unknown): string {
  const apiError = ApiError.from(error);
  if (!apiError) return "We could not reach the portal. Please try again.";
  return unavailableMessage(error) ?? apiError.detail ?? "Please try again.";
}
