import { createFileRoute } from "@tanstack/react-router";
import { PerformancePage } from "../../audits/performance-page";

/** Performance Analytics: Lighthouse tests of a URL on mobile or desktop (docs/tools.md). */
export const Route = createFileRoute("/_portal/performance")({ component: PerformancePage });
