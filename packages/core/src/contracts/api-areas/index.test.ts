import { describe, expect, it } from "vitest";
import { apiContracts } from "../api";
import { type ApiArea, AREA_CONTRACTS, areaOf, loadRouteContract } from "./index";

const areas = Object.keys(AREA_CONTRACTS) as ApiArea[];

describe("the contract map's areas", () => {
  it("puts each route in the area areaOf names, and in no other", async () => {
    let total = 0;
    for (const area of areas) {
      const { contracts } = await AREA_CONTRACTS[area]();
      for (const route of Object.keys(contracts))
        expect([route, areaOf(route)]).toEqual([route, area]);
      total += Object.keys(contracts).length;
    }
    // The merged map spreads the areas: a route in two of them would be silently overwritten.
    expect(total).toBe(Object.keys(apiContracts).length);
  });

  it("loads the same contract the merged map holds, for every route", async () => {
    for (const [route, contract] of Object.entries(apiContracts)) {
      expect(await loadRouteContract(route)).toBe(contract);
    }
  });

  it("names a site's review and reports as their own areas", () => {
    expect(areaOf("GET /api/sites/{id}/uptime")).toBe("sites");
    expect(areaOf("GET /api/sites/{id}/review")).toBe("review");
    expect(areaOf("GET /api/sites/{id}/reports/{month}")).toBe("reports");
    expect(areaOf("GET /api/activities")).toBe("dashboard");
    expect(areaOf("POST /api/create-payment-intent")).toBe("billing");
  });

  it("refuses a route of no area", async () => {
    expect(() => areaOf("GET /api/nowhere")).toThrow("GET /api/nowhere is in no area");
    await expect(loadRouteContract("GET /api/sites/{id}/nowhere")).rejects.toThrow(
      "has no contract in area sites",
    );
  });
});
