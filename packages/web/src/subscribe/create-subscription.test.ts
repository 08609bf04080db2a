import { describe, expect, it } from "vitest";
import { nextStep } from "./create-subscription";

describe("nextStep after POST /api/create-subscription", () => {
  it("goes to the payment URL when there is one", () => {
    expect(nextStep({ paymentUrl: "https://pay.example/x", status: "incomplete" })).toEqual({
      kind: "pay",
      url: "https://pay.example/x",
    });
  });
  it("goes to the dashboard when the subscription is already active", () => {
    expect(nextStep({ status: "active", message: "Welcome back" })).toEqual({
      kind: "active",
      message: "Welcome back",
    });
  });
  it("fails without a payment URL otherwise", () => {
    expect(() => nextStep({ status: "incomplete", paymentUrl: null })).toThrow(
      "No payment URL received from server",
    );
  });
});
