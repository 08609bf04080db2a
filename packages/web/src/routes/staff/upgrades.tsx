import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { UpgradesPage } from "../../staff/upgrades-page";

export const Route = createFileRoute("/staff/upgrades")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const { upsellsQuery } = await import("../../staff/queries");
      return [context.queryClient.ensureInfiniteQueryData(upsellsQuery())];
    }),
  component: UpgradesPage,
});
