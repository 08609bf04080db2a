/** What the pages show when a run is refused or fails: the job's texts, written once. */

export const JOB_MESSAGES = {
  crashed: "The analysis could not be completed. Please try again.",
  stale: "The analysis did not finish in time. Please try again.",
  notQueued: "The analysis could not be started. Please try again.",
  siteNotFound: "Unknown site",
  unstorable: "The results of this page are too large or malformed to store.",
} as const;

export function inFlightLimitMessage(max: number): string {
  return `You already have ${max} ${max === 1 ? "analysis" : "analyses"} in progress. Please wait for one to finish before starting another.`;
}

export function hourlyLimitMessage(max: number, minutes: number): string {
  return `You have reached the limit of ${max} analyses per hour. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
