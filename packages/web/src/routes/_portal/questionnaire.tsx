import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { QuestionnairePage } from "../../questionnaire/questionnaire-page";

export const Route = createFileRoute("/_portal/questionnaire")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const { questionnaireQuery } = await import("../../questionnaire/queries");
      return [context.queryClient.ensureQueryData(questionnaireQuery())];
    }),
  component: QuestionnairePage,
});
