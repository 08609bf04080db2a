import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../dashboard/dashboard-page";

export const Route = createFileRoute("/_portal/dashboard")({ component: DashboardPage });
