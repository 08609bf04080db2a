import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../shell/app-shell";

// Route and shell only: this page's content arrives with its own issue.
export const Route = createFileRoute("/_portal/manage")({ component: ManagePage });

function ManagePage() {
  return <PageHeader title="Manage Sites" />;
}
