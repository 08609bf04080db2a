import { createFileRoute } from "@tanstack/react-router";
import { UpgradesPage } from "../../staff/upgrades-page";

export const Route = createFileRoute("/staff/upgrades")({ component: UpgradesPage });
