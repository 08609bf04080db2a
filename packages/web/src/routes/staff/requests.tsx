import { createFileRoute } from "@tanstack/react-router";
import { RequestsPage } from "../../staff/requests-page";

export const Route = createFileRoute("/staff/requests")({ component: RequestsPage });
