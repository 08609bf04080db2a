import { createFileRoute } from "@tanstack/react-router";
import { QuestionnairePage } from "../../questionnaire/questionnaire-page";

export const Route = createFileRoute("/_portal/questionnaire")({ component: QuestionnairePage });
