import { createFileRoute } from "@tanstack/react-router";
import { ApiReferencePage } from "../../developer/api-reference-page";

/**
 * The API reference at /settings/api-reference (docs/developer-api.md), beside Settings rather
 * than inside it, gated like Settings.
 */
export const Route = createFileRoute("/_portal/settings_/api-reference")({
  component: ApiReferencePage,
});
