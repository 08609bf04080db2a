import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../../api/page-data";
import { CustomerPage } from "../../../staff/customer-page";

export const Route = createFileRoute("/staff/customers/$userId")({
  loader: ({ context, params }) =>
    loadPageData(context, async () => {
      // Each site's forms are a chunk of their own (staff/site-forms.ts), fetched with the data.
      const siteForms = import("../../../staff/site-forms");
      const { customerQuery } = await import("../../../staff/queries");
      return [context.queryClient.ensureQueryData(customerQuery(params.userId)), siteForms];
    }),
  component: CustomerRoute,
});

function CustomerRoute() {
  const { userId } = Route.useParams();
  return <CustomerPage userId={userId} />;
}
