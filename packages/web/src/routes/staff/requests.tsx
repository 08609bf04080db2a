import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { RequestsPage } from "../../staff/requests-page";

export const Route = createFileRoute("/staff/requests")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const [{ requestsQuery }, { reviewRequestsQuery }] = await Promise.all([
        import("../../staff/queries"),
        import("../../review/queries"),
      ]);
      return [
        context.queryClient.ensureInfiniteQueryData(requestsQuery()),
        // The change requests waiting on the team head the page (docs/console.md).
        context.queryClient.ensureInfiniteQueryData(reviewRequestsQuery()),
      ];
    }),
  component: RequestsPage,
});
