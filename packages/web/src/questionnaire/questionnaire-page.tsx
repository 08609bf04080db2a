/**
 * /questionnaire (docs/questionnaire.md, "The page"): the caller's questionnaire, either the
 * completed screen or the welcome heading and the four-step wizard. After a submit the
 * completed screen shows and the dashboard follows 2 s later.
 */
import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import type { SubmitQuestionnaireResponse } from "@portal/core/contracts/questionnaires";
import type { CurrentUser } from "@portal/core/contracts/users";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useAccess } from "../access/access-context";
import { currentUserKey } from "../api/current-user";
import { productName } from "../brand";
import { activitiesQuery, dashboardStatsQuery } from "../dashboard/queries";
import { sitesQuery } from "../sites/queries";
import { LoadingSpinner, RecordStates } from "../ui/query-states";
import { CompletedScreen } from "./completed-screen";
import { questionnaireKey, questionnaireQuery } from "./queries";
import { QuestionnaireWizard } from "./questionnaire-wizard";

/**
 * The dashboard follows 2 s after completion (docs/questionnaire.md, "What the server accepts").
 */
export const DASHBOARD_REDIRECT_MS = 2000;

export function QuestionnairePage() {
  const { user } = useAccess();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const status = useQuery(questionnaireQuery());
  const [submittedAt, setSubmittedAt] = useState<number | null>(null);

  useEffect(() => {
    if (submittedAt === null) return;
    const timer = window.setTimeout(() => {
      void navigate({ to: "/dashboard" });
    }, DASHBOARD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [submittedAt, navigate]);

  function onSubmitted(answer: SubmitQuestionnaireResponse) {
    queryClient.setQueryData(questionnaireKey, {
      isCompleted: answer.isCompleted,
      questionnaire: answer.questionnaire,
    });
    // The access gate reads the flag from the current user: it must say "completed" before
    // the dashboard is opened, or the gate would send the customer back to /welcome.
    queryClient.setQueryData<CurrentUser | null>(currentUserKey, (current) =>
      current ? { ...current, hasCompletedQuestionnaire: true } : current,
    );
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    for (const { queryKey } of [sitesQuery(), activitiesQuery(), dashboardStatsQuery()]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    setSubmittedAt(Date.now());
  }

  return (
    <>
      {/* PageHeader's look without its module: the shell's chunk would count against this page's. */}
      {status.isError ? (
        <Text as="h1" fontSize={{ base: "2xl", md: "3xl" }} fontWeight="bold" mb="6">
          Website Questionnaire
        </Text>
      ) : null}
      <RecordStates
        query={status}
        loading={<LoadingSpinner label="Loading your questionnaire..." showLabel />}
        failed="We couldn't load your questionnaire."
      >
        {(questionnaire) =>
          questionnaire.isCompleted ? (
            <CompletedScreen />
          ) : (
            <Box maxW="3xl" mx="auto">
              <Stack gap="2" mb="6" textAlign={{ base: "start", md: "center" }}>
                <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
                  Welcome to {productName}!
                </Heading>
                <Text color="fg.muted">
                  Tell us about your business so we can build your perfect website. It takes about
                  5-10 minutes, and your answers are saved on this device as you go.
                </Text>
              </Stack>
              <QuestionnaireWizard userId={user?.id ?? null} onSubmitted={onSubmitted} />
            </Box>
          )
        }
      </RecordStates>
    </>
  );
}
