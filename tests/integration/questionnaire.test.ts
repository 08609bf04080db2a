/**
 * The questionnaire through the local stack: validation with field messages (and nothing
 * stored), the first site and its activity, double and concurrent submits, a retry after a
 * crash half-way, the plan's website allowance, and both read routes.
 */
import {
  questionnaireStatusSchema,
  submitQuestionnaireResponseSchema,
} from "@portal/core/contracts/questionnaires";
import { describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { type SignedIn, signUp } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

useStackEnv();
// Imported after the env is set: sst/node reads the table name when the module loads.
const { db } = await import("@portal/core/db/service");
const Questionnaires = await import("@portal/core/questionnaires/index");

const url = stackUrl();

const call = apiAt(url);

/** A signed-up customer whose user record exists (the SPA's first call makes it). */
async function customer(plan: "starter" | "pro" | "enterprise" | null = "starter") {
  const who = await signUp();
  const { status } = await call(who, "GET /api/auth/user");
  expect(status).toBe(200);
  // Payments land separately: the subscription state is written as its webhook would.
  await db.entities.user
    .patch({ userId: who.user.id })
    .set({ ...(plan ? { subscriptionPlan: plan } : {}), subscriptionActive: true })
    .go();
  return who;
}

/** What the wizard sends: every step filled in, plus the userId and isCompleted it adds. */
const fullAnswers = {
  businessName: "Ada's Bakery",
  industry: "restaurant",
  websiteType: "business",
  targetAudience: "Families and office workers nearby",
  businessGoals: "Take cake orders online",
  currentWebsite: "",
  competitors: "https://bread.example\nhttps://cakes.example",
  preferredColors: "Warm browns",
  primaryColor: "#A0522D",
  secondaryColor: "#8B5CF6",
  designStyle: "classic",
  contentProvided: true,
  logoProvided: false,
  additionalServices: ["seo", "analytics"],
  timeline: "3-4-weeks",
  budget: "250-500",
  specialRequirements: "Online ordering",
  contactPreference: "phone",
  isCompleted: true,
};

async function stored(userId: string) {
  const [questionnaires, sites, activities, user] = await Promise.all([
    db.entities.questionnaire.query.byOwner({ userId }).go({ consistent: true }),
    db.entities.site.query.byOwner({ userId }).go({ consistent: true }),
    db.entities.activity.query.byOwner({ userId }).go({ consistent: true }),
    db.entities.user.get({ userId }).go({ consistent: true }),
  ]);
  return {
    questionnaires: questionnaires.data,
    sites: sites.data,
    activities: activities.data,
    user: user.data,
  };
}

async function expectNothingStored(userId: string) {
  const after = await stored(userId);
  expect(after.questionnaires).toEqual([]);
  expect(after.sites).toEqual([]);
  expect(after.activities).toEqual([]);
  expect(after.user?.hasCompletedQuestionnaire).toBe(false);
}

describe("POST /api/questionnaires refuses invalid answers with field messages", () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    [
      "a missing business name",
      { ...fullAnswers, businessName: undefined },
      { businessName: "Business name is required" },
    ],
    [
      "missing industry and website type",
      { ...fullAnswers, industry: "", websiteType: undefined },
      { industry: "Please select an industry", websiteType: "Please select a website type" },
    ],
    [
      "an unknown industry",
      { ...fullAnswers, industry: "casino" },
      { industry: "Please select an industry from the list" },
    ],
    [
      "a colour that is not #RRGGBB",
      { ...fullAnswers, primaryColor: "rgb(1,2,3)" },
      { primaryColor: "Primary color must be a hex colour like #3B82F6" },
    ],
    [
      "a 100 kB text answer",
      { ...fullAnswers, businessGoals: "x".repeat(100 * 1024) },
      { businessGoals: "Business goals must be 2000 characters or fewer" },
    ],
    [
      "a NUL byte in the business name and a lone surrogate in the goals",
      { ...fullAnswers, businessName: "Ada\u0000s Bakery", businessGoals: "More \uDC00 orders" },
      {
        businessName:
          "Business name cannot contain invisible control characters; please remove them",
        businessGoals:
          "Business goals cannot contain damaged characters (often left by copy and paste); please retype the text",
      },
    ],
    [
      "a line break in a one-line answer",
      { ...fullAnswers, preferredColors: "Warm\r\nbrowns" },
      { preferredColors: "Preferred colors must be on a single line" },
    ],
    [
      "an unknown additional service",
      { ...fullAnswers, additionalServices: ["seo", "free_money"] },
      { "additionalServices.1": "Please select services from the list" },
    ],
  ];

  for (const [name, body, fields] of cases) {
    it(`${name}: 400, and nothing is stored`, async () => {
      const who = await customer();
      const { status, body: answer } = await call(who, "POST", "/api/questionnaires", body);
      expect(status).toBe(400);
      expect(answer).toEqual({
        error: { code: "validation_failed", message: "The request is not valid", fields },
      });
      await expectNothingStored(who.user.id);
    });
  }

  it("refuses a caller without a token", async () => {
    const response = await fetch(`${url}/api/questionnaires`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fullAnswers),
    });
    expect(response.status).toBe(401);
  });
});

describe("POST /api/questionnaires stores the questionnaire and requests the first site", () => {
  it("stores it completed, creates the site and the activity, and sets the user's flag", async () => {
    const who = await customer();
    const other = await customer();

    const { status, body } = await call(who, "POST", "/api/questionnaires", {
      ...fullAnswers,
      // A body naming someone else does not make it theirs.
      userId: other.user.id,
    });
    expect(status).toBe(201);
    const answer = submitQuestionnaireResponseSchema.parse(body);
    expect(answer.isCompleted).toBe(true);
    expect(answer.questionnaire).toMatchObject({
      userId: who.user.id,
      businessName: "Ada's Bakery",
      industry: "restaurant",
      websiteType: "business",
      currentWebsite: null,
      competitors: "https://bread.example\nhttps://cakes.example",
      primaryColor: "#A0522D",
      designStyle: "classic",
      contentProvided: true,
      additionalServices: ["seo", "analytics"],
      timeline: "3-4-weeks",
      budget: "250-500",
      contactPreference: "phone",
      isCompleted: true,
    });

    const after = await stored(who.user.id);
    expect(after.questionnaires).toHaveLength(1);
    expect(after.sites).toHaveLength(1);
    expect(after.sites[0]).toMatchObject({
      siteId: answer.siteId,
      questionnaireId: answer.questionnaire.id,
      name: "Ada's Bakery",
      status: "requested",
      industry: "restaurant",
      websiteType: "business",
      timeline: "3-4-weeks",
      budget: "250-500",
      primaryColor: "#a0522d",
      secondaryColor: "#8b5cf6",
    });
    expect(after.activities).toHaveLength(1);
    expect(after.activities[0]).toMatchObject({
      type: "site_requested",
      siteId: answer.siteId,
      description: "Website requested for Ada's Bakery",
    });
    expect(after.user?.hasCompletedQuestionnaire).toBe(true);
    await expectNothingStored(other.user.id);

    // The current-user record the access gate reads now says so too.
    const me = await call(who, "GET /api/auth/user");
    expect(me.body).toMatchObject({ hasCompletedQuestionnaire: true });
  });

  it("answers both read paths from the stored record", async () => {
    const who = await customer();
    // The page's path and the spec's call table's (docs/decisions.md, "Two paths for the
    // questionnaire read").
    const paths = ["/api/questionnaires/me", "/api/questionnaire"];
    for (const path of paths) {
      const before = await call(who, "GET", path);
      expect([path, before.status, before.body]).toEqual([
        path,
        200,
        { isCompleted: false, questionnaire: null },
      ]);
    }
    const submitted = submitQuestionnaireResponseSchema.parse(
      (await call(who, "POST", "/api/questionnaires", fullAnswers)).body,
    );
    for (const path of paths) {
      const read = questionnaireStatusSchema.parse((await call(who, "GET", path)).body);
      expect(read).toEqual({ isCompleted: true, questionnaire: submitted.questionnaire });
    }
    // Signed out, the second path is refused like the first.
    expect((await fetch(`${url}/api/questionnaire`)).status).toBe(401);
  });

  it("makes one site of a double submit, and answers the first record to the second", async () => {
    const who = await customer("pro");
    const first = await call(who, "POST", "/api/questionnaires", fullAnswers);
    const second = await call(who, "POST", "/api/questionnaires", {
      ...fullAnswers,
      businessName: "Changed my mind",
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const after = await stored(who.user.id);
    expect(after.questionnaires).toHaveLength(1);
    expect(after.sites).toHaveLength(1);
    expect(after.activities).toHaveLength(1);
  });

  it("makes one site of concurrent submits", async () => {
    const who = await customer("enterprise");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(who, "POST", "/api/questionnaires", fullAnswers)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const siteIds = new Set(
      answers.map((a) => submitQuestionnaireResponseSchema.parse(a.body).siteId),
    );
    expect(siteIds.size).toBe(1);
    const after = await stored(who.user.id);
    expect(after.questionnaires).toHaveLength(1);
    expect(after.sites).toHaveLength(1);
    expect(after.activities).toHaveLength(1);
    expect(after.questionnaires[0]?.isCompleted).toBe(true);
  });

  it("completes the missing steps when a submit stopped after storing the questionnaire", async () => {
    const who = await customer();
    const { data: user } = await db.entities.user.get({ userId: who.user.id }).go();
    if (!user) throw new Error("no user record");
    // What a crash right after step 1 leaves: the questionnaire, not yet completed, alone.
    await db.entities.questionnaire
      .create({
        userId: who.user.id,
        questionnaireId: Questionnaires.questionnaireIdFor(user),
        businessName: "Ada's Bakery",
        industry: "restaurant",
        websiteType: "business",
        isCompleted: false,
      })
      .go();
    const status = await call(who, "GET /api/questionnaires/me");
    expect(status.body).toMatchObject({ isCompleted: false });

    const retry = await call(who, "POST", "/api/questionnaires", fullAnswers);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ isCompleted: true });
    const after = await stored(who.user.id);
    expect(after.questionnaires).toHaveLength(1);
    expect(after.sites).toHaveLength(1);
    expect(after.activities).toHaveLength(1);
    expect(after.user?.hasCompletedQuestionnaire).toBe(true);
  });

  it("does not bring back a site deleted after the questionnaire was completed", async () => {
    const who = await customer();
    const first = submitQuestionnaireResponseSchema.parse(
      (await call(who, "POST", "/api/questionnaires", fullAnswers)).body,
    );
    await db.entities.site.delete({ userId: who.user.id, siteId: first.siteId }).go();
    const again = await call(who, "POST", "/api/questionnaires", fullAnswers);
    expect(again.status).toBe(200);
    expect((await stored(who.user.id)).sites).toEqual([]);
  });
});

describe("the plan's website allowance", () => {
  async function withSites(plan: "starter" | "pro" | "enterprise" | null, count: number) {
    const who = await customer(plan);
    for (let i = 0; i < count; i++) {
      await db.entities.site.create({ userId: who.user.id, name: `Existing ${i + 1}` }).go();
    }
    return who;
  }

  async function expectRefused(who: SignedIn, message: string) {
    const { status, body: answer } = await call(who, "POST", "/api/questionnaires", fullAnswers);
    expect(status).toBe(422);
    expect(answer).toEqual({ error: { code: "unprocessable", message } });
    const after = await stored(who.user.id);
    expect(after.questionnaires).toEqual([]);
    expect(after.activities).toEqual([]);
    expect(after.user?.hasCompletedQuestionnaire).toBe(false);
  }

  it("Starter: refuses a second site", async () => {
    await expectRefused(
      await withSites("starter", 1),
      "Your Starter plan includes 1 website. Upgrade your plan to request another website.",
    );
  });

  it("Pro: accepts a third site, refuses a fourth", async () => {
    const two = await withSites("pro", 2);
    expect((await call(two, "POST", "/api/questionnaires", fullAnswers)).status).toBe(201);
    expect((await stored(two.user.id)).sites).toHaveLength(3);
    await expectRefused(
      await withSites("pro", 3),
      "Your Pro plan includes 3 websites. Upgrade your plan to request another website.",
    );
  });

  it("Enterprise: no limit", async () => {
    const who = await withSites("enterprise", 10);
    expect((await call(who, "POST", "/api/questionnaires", fullAnswers)).status).toBe(201);
    expect((await stored(who.user.id)).sites).toHaveLength(11);
  });

  it("an active subscription whose plan is not on record: one site, like Starter", async () => {
    const fresh = await customer(null);
    expect((await call(fresh, "POST", "/api/questionnaires", fullAnswers)).status).toBe(201);
    await expectRefused(
      await withSites(null, 1),
      "Your plan includes 1 website. Upgrade your plan to request another website.",
    );
  });
});
