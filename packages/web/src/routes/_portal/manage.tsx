import { createFileRoute } from "@tanstack/react-router";
import { ManageSitesPage } from "../../sites/manage-page";

/** Manage Sites (docs/sites.md, "Manage Sites"). */
export const Route = createFileRoute("/_portal/manage")({ component: ManageSitesPage });
