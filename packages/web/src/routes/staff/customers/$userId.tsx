import { createFileRoute } from "@tanstack/react-router";
import { CustomerPage } from "../../../staff/customer-page";

export const Route = createFileRoute("/staff/customers/$userId")({ component: CustomerRoute });

function CustomerRoute() {
  const { userId } = Route.useParams();
  return <CustomerPage userId={userId} />;
}
