import { describe, expect, it } from "vitest";
import { type AccessState, type GateUser, gate, normalizePath } from "./gate";

const signedIn = (user: GateUser | null | undefined): AccessState => ({ kind: "signed-in", user });
const noQuery = {};

const newCustomer: GateUser = {
  subscriptionActive: false,
  subscriptionPlan: null,
  hasCompletedQuestionnaire: false,
};
const lapsed: GateUser = {
  subscriptionActive: false,
  subscriptionPlan: "pro",
  hasCompletedQuestionnaire: true,
};
const customer: GateUser = {
  subscriptionActive: true,
  subscriptionPlan: "starter",
  hasCompletedQuestionnaire: true,
};
const onboarding: GateUser = {
  subscriptionActive: true,
  subscriptionPlan: "enterprise",
  hasCompletedQuestionnaire: false,
};

describe("gate: identity still loading", () => {
  it("shows the spinner on any path", () => {
    expect(gate({ kind: "loading" }, "/", noQuery)).toEqual({ spinner: true });
    expect(gate({ kind: "loading" }, "/dashboard", noQuery)).toEqual({ spinner: true });
  });
});

describe("gate: not signed in", () => {
  const out: AccessState = { kind: "signed-out" };
  it.each(["/", "/sign-in", "/sign-up", "/sales", "/pricing", "/subscribe", "/auth-landing"])(
    "renders %s",
    (path) => {
      expect(gate(out, path, noQuery)).toEqual({ render: true });
    },
  );
  it.each(["/dashboard", "/welcome", "/settings", "/billing", "/questionnaire", "/nowhere"])(
    "sends %s to the sign-in page",
    (path) => {
      expect(gate(out, path, noQuery)).toEqual({ redirect: "/sign-in" });
    },
  );
});

describe("gate: signed in, user data not yet synced", () => {
  it("shows only the spinner while the record loads", () => {
    expect(gate(signedIn(undefined), "/sales", noQuery)).toEqual({ spinner: true });
  });
  it("shows only the spinner when the record is missing", () => {
    expect(gate(signedIn(null), "/dashboard", noQuery)).toEqual({ spinner: true });
  });
  it("shows only the spinner when the subscription flag is undefined", () => {
    expect(gate(signedIn({ subscriptionPlan: "pro" }), "/dashboard", noQuery)).toEqual({
      spinner: true,
    });
  });
});

describe("gate: no active subscription, no valid plan, payment=success", () => {
  const q = { payment: "success" };
  it.each(["/welcome", "/questionnaire", "/subscribe", "/complete-payment", "/settings"])(
    "renders %s",
    (path) => {
      expect(gate(signedIn(newCustomer), path, q)).toEqual({ render: true });
    },
  );
  it.each(["/", "/sales", "/dashboard"])("sends %s to the welcome page", (path) => {
    expect(gate(signedIn(newCustomer), path, q)).toEqual({ redirect: "/welcome" });
  });
  it("treats the plan 'nosubscription' as no plan", () => {
    const user = { ...newCustomer, subscriptionPlan: "nosubscription" };
    expect(gate(signedIn(user), "/welcome", q)).toEqual({ render: true });
    expect(gate(signedIn(user), "/dashboard", q)).toEqual({ redirect: "/welcome" });
  });
});

describe("gate: no active subscription, no valid plan, no payment=success", () => {
  it.each(["/sales", "/pricing", "/subscribe", "/complete-payment", "/settings"])(
    "renders %s",
    (path) => {
      expect(gate(signedIn(newCustomer), path, noQuery)).toEqual({ render: true });
    },
  );
  it.each(["/", "/sign-in", "/sign-up", "/welcome", "/dashboard", "/questionnaire"])(
    "sends %s to the sales page",
    (path) => {
      expect(gate(signedIn(newCustomer), path, noQuery)).toEqual({ redirect: "/sales" });
    },
  );
  it("ignores other payment values", () => {
    expect(gate(signedIn(newCustomer), "/welcome", { payment: "failed" })).toEqual({
      redirect: "/sales",
    });
  });
});

describe("gate: no active subscription but a valid plan", () => {
  it.each([
    "/dashboard",
    "/manage",
    "/questionnaire",
    "/billing",
    "/subscribe",
    "/settings",
    "/support",
  ])("renders %s", (path) => {
    expect(gate(signedIn(lapsed), path, noQuery)).toEqual({ render: true });
  });
  it.each(["/", "/sales", "/analytics", "/welcome", "/sign-in", "/sites/01JSITE/reports/2026-10"])(
    "sends %s to the dashboard",
    (path) => {
      expect(gate(signedIn(lapsed), path, noQuery)).toEqual({ redirect: "/dashboard" });
    },
  );
});

describe("gate: active subscription, questionnaire completed", () => {
  it.each([
    "/",
    "/dashboard",
    "/manage",
    "/support",
    "/analytics",
    "/seo-checker",
    "/performance",
    "/site-settings",
    "/billing",
    "/settings",
    "/questionnaire",
    "/sites/01JREVIEWSITE/review",
    "/sites/01JSITE/reports",
    "/sites/01JSITE/reports/2026-10",
  ])("renders %s", (path) => {
    expect(gate(signedIn(customer), path, noQuery)).toEqual({ render: true });
  });
  it("opens a site's review only at its own path", () => {
    expect(gate(signedIn(customer), "/sites/01JREVIEWSITE/review/extra", noQuery)).toEqual({
      redirect: "/dashboard",
    });
    expect(gate(signedIn(lapsed), "/sites/01JREVIEWSITE/review", noQuery)).toEqual({
      redirect: "/dashboard",
    });
    expect(gate(signedIn(onboarding), "/sites/01JREVIEWSITE/review", noQuery)).toEqual({
      redirect: "/welcome",
    });
  });
  it.each(["/sales", "/welcome", "/sign-up"])("sends %s to the dashboard", (path) => {
    expect(gate(signedIn(customer), path, noQuery)).toEqual({ redirect: "/dashboard" });
  });
});

describe("gate: active subscription, questionnaire not completed", () => {
  it.each(["/welcome", "/questionnaire"])("renders %s", (path) => {
    expect(gate(signedIn(onboarding), path, noQuery)).toEqual({ render: true });
  });
  it.each(["/", "/dashboard", "/settings", "/sales"])("sends %s to the welcome page", (path) => {
    expect(gate(signedIn(onboarding), path, noQuery)).toEqual({ redirect: "/welcome" });
  });
});

describe("gate: /pricing and /subscribe in every signed-in state", () => {
  const states: [string, GateUser, Record<string, unknown>][] = [
    ["no plan", newCustomer, noQuery],
    ["no plan, back from payment", newCustomer, { payment: "success" }],
    ["lapsed", lapsed, noQuery],
    ["customer", customer, noQuery],
    ["onboarding", onboarding, noQuery],
    ["staff without a plan", { ...newCustomer, isStaff: true }, noQuery],
  ];
  it.each(states)("renders /pricing and /subscribe: %s", (_, user, query) => {
    expect(gate(signedIn(user), "/pricing", query)).toEqual({ render: true });
    expect(gate(signedIn(user), "/subscribe", query)).toEqual({ render: true });
  });
  it("still waits for the user record", () => {
    expect(gate(signedIn(undefined), "/pricing", noQuery)).toEqual({ spinner: true });
  });
});

describe("gate helpers", () => {
  it("treats a trailing slash as the same route", () => {
    expect(normalizePath("/sales/")).toBe("/sales");
    expect(normalizePath("/")).toBe("/");
    expect(gate({ kind: "signed-out" }, "/pricing/", noQuery)).toEqual({ render: true });
  });
});

describe("gate: a support ticket's page follows /support", () => {
  const ticketPage = "/support/01J0000000000000000000000A";
  it("renders it wherever /support renders", () => {
    expect(gate(signedIn(lapsed), ticketPage, noQuery)).toEqual({ render: true });
    expect(gate(signedIn(customer), ticketPage, noQuery)).toEqual({ render: true });
  });
  it("sends it where /support is sent", () => {
    expect(gate(signedIn(onboarding), ticketPage, noQuery)).toEqual({ redirect: "/welcome" });
    expect(gate(signedIn(newCustomer), ticketPage, noQuery)).toEqual({ redirect: "/sales" });
    expect(gate({ kind: "signed-out" }, ticketPage, noQuery)).toEqual({ redirect: "/sign-in" });
  });
  it("does not open other paths that merely start with the same letters", () => {
    expect(gate(signedIn(customer), "/supportx", noQuery)).toEqual({ redirect: "/dashboard" });
  });
});

describe("gate: the user menu's View Profile (/user-profile) is gated like /settings", () => {
  it("renders wherever /settings renders", () => {
    expect(gate(signedIn(customer), "/user-profile", noQuery)).toEqual({ render: true });
    expect(gate(signedIn(lapsed), "/user-profile", noQuery)).toEqual({ render: true });
  });
  it("falls back where /settings is not offered", () => {
    expect(gate({ kind: "signed-out" }, "/user-profile", noQuery)).toEqual({
      redirect: "/sign-in",
    });
  });
});

describe("gate: the provider's console (/staff)", () => {
  const staff: GateUser = { ...newCustomer, isStaff: true };
  it.each(["/staff", "/staff/requests", "/staff/tickets/u1/t1"])("renders %s for staff", (path) => {
    expect(gate(signedIn(staff), path, noQuery)).toEqual({ render: true });
    expect(gate(signedIn({ ...customer, isStaff: true }), path, noQuery)).toEqual({
      render: true,
    });
  });
  it("sends customers in every state to their own fallback", () => {
    expect(gate(signedIn(customer), "/staff/requests", noQuery)).toEqual({
      redirect: "/dashboard",
    });
    expect(gate(signedIn(newCustomer), "/staff", noQuery)).toEqual({ redirect: "/sales" });
    expect(gate(signedIn(lapsed), "/staff/tickets", noQuery)).toEqual({ redirect: "/dashboard" });
    expect(gate({ kind: "signed-out" }, "/staff", noQuery)).toEqual({ redirect: "/sign-in" });
  });
  it("does not open paths that merely start with the same letters", () => {
    expect(gate(signedIn(customer), "/staffing", noQuery)).toEqual({ redirect: "/dashboard" });
  });
  it("sends a team member without a plan of their own to the console, not to the sales page", () => {
    expect(gate(signedIn(staff), "/dashboard", noQuery)).toEqual({ redirect: "/staff" });
    expect(gate(signedIn(staff), "/", noQuery)).toEqual({ redirect: "/staff" });
    expect(gate(signedIn(staff), "/settings", noQuery)).toEqual({ render: true });
  });
  it("lets a team member who is also a paying customer use the portal as one", () => {
    expect(gate(signedIn({ ...customer, isStaff: true }), "/dashboard", noQuery)).toEqual({
      render: true,
    });
  });
});

describe("gate: the invitation page (docs/team.md)", () => {
  const invitation = "/invitations/inv_01JTOKEN";
  it.each<[string, AccessState]>([
    ["signed out", { kind: "signed-out" }],
    ["no plan", signedIn(newCustomer)],
    ["lapsed", signedIn(lapsed)],
    ["customer", signedIn(customer)],
    ["onboarding", signedIn(onboarding)],
    ["staff", signedIn({ ...newCustomer, isStaff: true })],
    ["a member", signedIn({ ...customer, role: "member" })],
  ])("renders it %s", (_, state) => {
    expect(gate(state, invitation, noQuery)).toEqual({ render: true });
  });
  it("opens only the invitation's own path", () => {
    expect(gate({ kind: "signed-out" }, `${invitation}/extra`, noQuery)).toEqual({
      redirect: "/sign-in",
    });
    expect(gate({ kind: "signed-out" }, "/invitations", noQuery)).toEqual({
      redirect: "/sign-in",
    });
  });
});

describe("gate: a member of the account (docs/team.md, 'Roles')", () => {
  const member: GateUser = { ...customer, role: "member" };
  it.each(["/billing", "/subscribe", "/complete-payment"])("sends %s to the dashboard", (path) => {
    expect(gate(signedIn(member), path, noQuery)).toEqual({ redirect: "/dashboard" });
    expect(gate(signedIn({ ...lapsed, role: "member" }), path, noQuery)).toEqual({
      redirect: "/dashboard",
    });
  });
  it.each(["/dashboard", "/manage", "/support", "/settings", "/settings/team", "/analytics"])(
    "renders %s",
    (path) => {
      expect(gate(signedIn(member), path, noQuery)).toEqual({ render: true });
    },
  );
  it("leaves the owner's pages to an owner", () => {
    expect(gate(signedIn({ ...customer, role: "owner" }), "/billing", noQuery)).toEqual({
      render: true,
    });
    expect(gate(signedIn({ ...customer, role: "owner" }), "/subscribe", noQuery)).toEqual({
      render: true,
    });
  });
});
