import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { RequestsPage } from "../../staff/requests-page";

export const Route = createFileRoute("/staff/requests")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const { requestsQuery } = await import("../../staff/queries");
      return [context.queryClient.ensureInfiniteQueryData(requestsQuery())];
    }),
  component: RequestsPage,
});
