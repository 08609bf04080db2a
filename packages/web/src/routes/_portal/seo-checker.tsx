import { createFileRoute } from "@tanstack/react-router";
import { SeoCheckerPage } from "../../audits/seo-checker-page";

/** SEO Checker: queue an analysis of a URL and read the results (docs/tools.md). */
export const Route = createFileRoute("/_portal/seo-checker")({ component: SeoCheckerPage });
