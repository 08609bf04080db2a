import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { ReviewPage } from "../../review/review-page";

/** The review of a site's draft at /sites/{id}/review (docs/sites.md, "Review and approval"). */
export const Route = createFileRoute("/_portal/sites/$siteId/review")({
  loader: ({ context, params }) =>
    loadPageData(context, async () => {
      const { siteReviewQuery } = await import("../../review/queries");
      return [context.queryClient.ensureQueryData(siteReviewQuery(params.siteId))];
    }),
  component: ReviewRoute,
});

function ReviewRoute() {
  const { siteId } = Route.useParams();
  return <ReviewPage siteId={siteId} />;
}
