import { createFileRoute } from "@tanstack/react-router";
import { ManageSitesPage } from "../../sites/manage-page";

/** Manage Sites (spec part 1 §2.11). */
export const Route = createFileRoute("/_portal/manage")({ component: ManageSitesPage });
