import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../../api/page-data";
import { CustomerPage } from "../../../staff/customer-page";

export const Route = createFileRoute("/staff/customers/$userId")({
  loader: ({ context, params }) =>
    loadPageData(context, async () => {
      const { customerQuery } = await import("../../../staff/queries");
      return [context.queryClient.ensureQueryData(customerQuery(params.userId))];
    }),
  component: CustomerRoute,
});

function CustomerRoute() {
  const { userId } = Route.useParams();
  return <CustomerPage userId={userId} />;
}
