import { createFileRoute } from "@tanstack/react-router";
import { SubscribePage } from "../subscribe/subscribe-page";

export const Route = createFileRoute("/subscribe")({
  validateSearch: (search: Record<string, unknown>): { canceled?: boolean } =>
    search.canceled === true || search.canceled === "true" ? { canceled: true } : {},
  component: SubscribePage,
});
