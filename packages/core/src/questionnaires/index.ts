/**
 * The website questionnaire: a customer's answers, and the first site they request with it.
 *
 * One questionnaire per customer, under a key derived from the customer, so a second submit
 * finds the first instead of making another. Submitting writes four items with no transaction
 * (dynalite has none), in an order where every prefix is harmless and a retry completes it:
 *
 *   1. the questionnaire, not yet completed   (conditional create; a loser reads the winner's)
 *   2. the site it requests                   (id derived from 1, conditional create)
 *   3. the site_requested activity            (id derived from 1, conditional create)
 *   4. the user's hasCompletedQuestionnaire   (patch)
 *   5. the questionnaire marked completed     (patch)
 *
 * A crash before 5 leaves the questionnaire "not completed", so the wizard still shows and the
 * next submit runs the missing steps; once 5 is done a submit changes nothing.
 */
import { requireEntitlement } from "../access/entitlements";
import {
  type QuestionnaireInput,
  type QuestionnaireStatus,
  questionnaireSchema,
  type SubmitQuestionnaireResponse,
} from "../contracts/questionnaires";
import { isConditionFailure } from "../db/errors";
import { db, type QuestionnaireItem, type UserItem } from "../db/service";
import { NotFoundError, UnprocessableError } from "../errors";
import { reindexCustomer } from "../staff/customer-search";
import { allowanceMessage, siteAllowance } from "./allowance";
import { derivedId } from "./derived-id";

export interface SubmitResult {
  /** True when this call stored the questionnaire; false when it was already there. */
  created: boolean;
  answer: SubmitQuestionnaireResponse;
}

/** The caller's questionnaire and whether it is completed (GET /api/questionnaires/me). */
export async function getMine(userId: string): Promise<QuestionnaireStatus> {
  // Strongly consistent: the page reads this right after a submit.
  const { data } = await db.entities.questionnaire.query
    .byOwner({ userId })
    .go({ consistent: true, pages: "all" });
  // One per customer is what submit makes; should there ever be more, a completed one wins.
  const latest = [...data].reverse();
  const item = latest.find((q) => q.isCompleted) ?? latest[0];
  return item
    ? { isCompleted: item.isCompleted, questionnaire: toQuestionnaire(item) }
    : { isCompleted: false, questionnaire: null };
}

export async function submit(userId: string, input: QuestionnaireInput): Promise<SubmitResult> {
  const user = await readUser(userId);
  // Submitting requests a site for the team to build: a paid-up subscription only, whoever
  // calls (the route checks it too).
  requireEntitlement(user, "activeSubscription");
  const questionnaireId = questionnaireIdFor(user);

  let stored = await readQuestionnaire(userId, questionnaireId);
  if (stored?.isCompleted) {
    // Already done: answer what is stored. Re-running the steps could bring back a site the
    // customer has since deleted.
    return { created: false, answer: answerFor(stored) };
  }

  // Checked before anything is written, so a refused submit stores nothing. The site this
  // questionnaire requests may exist already (a retry after a crash): it does not count twice.
  await checkAllowance(user, stored ? siteIdFor(stored) : undefined);

  let created = false;
  if (!stored) {
    try {
      const { data } = await db.entities.questionnaire
        .create({ ...input, userId, questionnaireId, isCompleted: false })
        .go();
      stored = data;
      created = true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // A concurrent submit stored it a moment ago: carry on with theirs, so both name the
      // same site and activity below.
      stored = await readQuestionnaire(userId, questionnaireId);
      if (!stored) throw error;
    }
  }

  const questionnaire = stored;
  const siteId = siteIdFor(questionnaire);
  await createOnce(() =>
    db.entities.site
      .create({
        userId,
        siteId,
        questionnaireId: questionnaire.questionnaireId,
        name: questionnaire.businessName,
        status: "requested",
        industry: questionnaire.industry,
        websiteType: questionnaire.websiteType,
        // The settings page's category list starts with the four website types.
        category: questionnaire.websiteType,
        timeline: questionnaire.timeline,
        budget: questionnaire.budget,
        // Sites keep colours lower-case (contracts/sites.ts): one spelling per colour.
        primaryColor: questionnaire.primaryColor.toLowerCase(),
        secondaryColor: questionnaire.secondaryColor.toLowerCase(),
      })
      .go(),
  );
  await createOnce(() =>
    db.entities.activity
      .create({
        userId,
        activityId: activityIdFor(questionnaire),
        siteId,
        type: "site_requested",
        description: `Website requested for ${questionnaire.businessName}`,
      })
      .go(),
  );
  if (!user.hasCompletedQuestionnaire) {
    await db.entities.user.patch({ userId }).set({ hasCompletedQuestionnaire: true }).go();
  }
  // Staff find the customer by the business name (staff/customer-search.ts).
  await reindexCustomer(userId);
  const { data: completed } = await db.entities.questionnaire
    .patch({ userId, questionnaireId: questionnaire.questionnaireId })
    .set({ isCompleted: true })
    .go({ response: "all_new" });

  return { created, answer: answerFor(completed) };
}

/** The stored item as the API answers it. */
export function toQuestionnaire(item: QuestionnaireItem) {
  return questionnaireSchema.parse({
    id: item.questionnaireId,
    userId: item.userId,
    businessName: item.businessName,
    industry: item.industry,
    websiteType: item.websiteType,
    targetAudience: item.targetAudience ?? null,
    businessGoals: item.businessGoals ?? null,
    currentWebsite: item.currentWebsite ?? null,
    competitors: item.competitors ?? null,
    preferredColors: item.preferredColors ?? null,
    primaryColor: item.primaryColor,
    secondaryColor: item.secondaryColor,
    logoUrl: item.logoUrl ?? null,
    designStyle: item.designStyle ?? null,
    contentProvided: item.contentProvided,
    logoProvided: item.logoProvided,
    additionalServices: item.additionalServices ?? [],
    timeline: item.timeline ?? null,
    budget: item.budget ?? null,
    specialRequirements: item.specialRequirements ?? null,
    contactPreference: item.contactPreference,
    isCompleted: item.isCompleted,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  });
}

function answerFor(item: QuestionnaireItem): SubmitQuestionnaireResponse {
  return {
    isCompleted: item.isCompleted,
    questionnaire: toQuestionnaire(item),
    siteId: siteIdFor(item),
  };
}

/** The customer's one questionnaire key: stable for the customer, sorting at their sign-up. */
export function questionnaireIdFor(user: Pick<UserItem, "userId" | "createdAt">): string {
  return derivedId(Date.parse(user.createdAt), `questionnaire:${user.userId}`);
}

// Site and activity ids carry the time the questionnaire was first stored, so the activity
// sorts where it happened in the feed (newest first) and both are the same for every submit.
export function siteIdFor(item: QuestionnaireItem): string {
  return derivedId(Date.parse(item.createdAt), `site:${item.questionnaireId}`);
}

function activityIdFor(item: QuestionnaireItem): string {
  return derivedId(Date.parse(item.createdAt), `site_requested:${item.questionnaireId}`);
}

async function checkAllowance(user: UserItem, ownSiteId: string | undefined): Promise<void> {
  const { data: sites } = await db.entities.site.query
    .byOwner({ userId: user.userId })
    .go({ consistent: true, pages: "all" });
  if (ownSiteId && sites.some((site) => site.siteId === ownSiteId)) return;
  if (sites.length >= siteAllowance(user.subscriptionPlan)) {
    throw new UnprocessableError(allowanceMessage(user.subscriptionPlan));
  }
}

/** Runs a conditional create; "already exists" means an earlier submit got there first. */
async function createOnce(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

async function readUser(userId: string): Promise<UserItem> {
  const { data } = await db.entities.user.get({ userId }).go({ consistent: true });
  if (!data) throw new NotFoundError("User not found");
  return data;
}

async function readQuestionnaire(
  userId: string,
  questionnaireId: string,
): Promise<QuestionnaireItem | null> {
  const { data } = await db.entities.questionnaire
    .get({ userId, questionnaireId })
    .go({ consistent: true });
  return data;
}
