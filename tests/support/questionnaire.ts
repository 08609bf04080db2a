/** A site requested the way a customer requests one: by answering the questionnaire. */
import { expect } from "vitest";
import type { ApiCall } from "./api";
import type { SignedIn } from "./dev-identity";

/**
 * Answers the questionnaire for `who` (a customer with a plan and no answer yet) through
 * POST /api/questionnaires, and gives the id of the site it requests (docs/questionnaire.md,
 * "The site it requests").
 */
export async function questionnaireSite(
  call: ApiCall,
  who: SignedIn,
  businessName: string,
): Promise<string> {
  const answer = await call(who, "POST /api/questionnaires", {
    body: {
      businessName,
      industry: "restaurant",
      websiteType: "business",
      targetAudience: "Neighbours",
      primaryColor: "#A0522D",
      secondaryColor: "#8B5CF6",
      contentProvided: false,
      logoProvided: false,
      contactPreference: "email",
    },
  });
  expect(answer.status).toBe(201);
  return String(answer.body.siteId);
}
