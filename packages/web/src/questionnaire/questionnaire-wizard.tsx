/**
 * The four-step questionnaire form: progress bar, 'Step n of 4', Previous (disabled on step 1),
 * Next on steps 1-3 (no validation gate: docs/questionnaire.md, "The page"), and 'Submit
 * Questionnaire' on step 4. The answers and the step are kept as a browser draft until the submit
 * succeeds.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  HStack,
  Progress,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  type QuestionnaireInput,
  questionnaireInputSchema,
  type SubmitQuestionnaireResponse,
} from "@portal/core/contracts/questionnaires";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { ApiError } from "../api/api-error";
import { isUnauthorizedError } from "../api/client";
import { whenIdle } from "../ui/after-paint";
import { toast } from "../ui/toaster";
import { clearDraft, loadDraft, saveDraft } from "./draft";
import { submitQuestionnaire } from "./queries";
import { BusinessStep, GoalsStep } from "./wizard-steps";
import {
  EMPTY_VALUES,
  firstStepWithError,
  restoreValues,
  STEP_TITLES,
  TOTAL_STEPS,
  type WizardField,
  type WizardValues,
} from "./wizard-values";

// The schema's input types the two required choices as the listed values; the form starts
// them at "" (nothing chosen), which the schema refuses with the field's own message.
const resolver = zodResolver(questionnaireInputSchema) as unknown as Resolver<
  WizardValues,
  unknown,
  QuestionnaireInput
>;

// Steps 3 and 4 bring checkboxes and the file upload: a chunk each, fetched when the browser is
// first idle on the wizard (so Next does not wait) or when one is first shown.
const loadDesignStep = () => import("./design-step");
const loadServicesStep = () => import("./services-step");
const DesignStep = lazy(() => loadDesignStep().then((m) => ({ default: m.DesignStep })));
const ServicesStep = lazy(() => loadServicesStep().then((m) => ({ default: m.ServicesStep })));

const STEPS = [BusinessStep, GoalsStep, DesignStep, ServicesStep] as const;

export function QuestionnaireWizard({
  userId,
  onSubmitted,
}: {
  /** The signed-in user (null if the session is gone): owner of the draft and of the submit. */
  userId: string | null;
  onSubmitted: (answer: SubmitQuestionnaireResponse) => void;
}) {
  const [draft] = useState(() => (userId ? loadDraft(userId) : null));
  const [step, setStep] = useState(draft?.step ?? 1);
  const [refused, setRefused] = useState(false);
  const form = useForm<WizardValues, unknown, QuestionnaireInput>({
    resolver,
    defaultValues: draft ? restoreValues(draft.values) : EMPTY_VALUES,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const topRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    whenIdle(() => {
      loadDesignStep().catch(() => {});
      loadServicesStep().catch(() => {});
    });
  }, []);

  // Every change goes to the draft, so a reload comes back to the same answers and step.
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    if (!userId) return;
    saveDraft(userId, { step, values: form.getValues() });
    const subscription = form.watch((values) => {
      saveDraft(userId, { step: stepRef.current, values });
    });
    return () => subscription.unsubscribe();
  }, [form, userId, step]);

  const submit = useMutation({
    mutationFn: (values: QuestionnaireInput) => {
      if (!userId) throw new Error("User not authenticated. Please log in and try again.");
      return submitQuestionnaire(userId, values);
    },
    onSuccess: (answer) => {
      if (userId) clearDraft(userId);
      toast({
        title: "Questionnaire Submitted!",
        description:
          "Thank you! We'll start working on your website right away. Redirecting to your dashboard...",
      });
      onSubmitted(answer);
    },
    onError: (error) => {
      // A lost session already shows 'Unauthorized' and goes to /sign-in (router.tsx).
      if (isUnauthorizedError(error)) return;
      const fields = ApiError.from(error)?.fields ?? {};
      const names = Object.keys(fields);
      for (const name of names) {
        form.setError(name.split(".")[0] as WizardField, { message: fields[name] });
      }
      const first = firstStepWithError(names);
      if (first !== null) goTo(first);
      setRefused(first !== null);
      toast({
        title: "Error",
        description: "Failed to submit questionnaire. Please try again.",
        variant: "destructive",
      });
    },
  });

  function goTo(next: number) {
    setStep(Math.min(TOTAL_STEPS, Math.max(1, next)));
    topRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  function onValid(values: QuestionnaireInput) {
    setRefused(false);
    if (!userId) {
      toast({
        title: "Error",
        description: "User not authenticated. Please log in and try again.",
        variant: "destructive",
      });
      return;
    }
    submit.mutate(values);
  }

  function onInvalid(errors: FieldErrors<WizardValues>) {
    // Next does not check answers, so a required one may be missing from an earlier step:
    // open the first step with a problem, where the messages show beside the fields.
    const first = firstStepWithError(Object.keys(errors));
    if (first !== null) goTo(first);
    setRefused(true);
  }

  const StepFields = STEPS[step - 1] ?? BusinessStep;
  const percent = Math.round((step / TOTAL_STEPS) * 100);

  return (
    <Card.Root ref={topRef} scrollMarginTop="24" bg="bg" borderRadius="xl" boxShadow="sm">
      <Card.Header gap="3" pb="2">
        <HStack justify="space-between" fontSize="sm" color="fg.muted">
          <Text fontWeight="medium" color="fg">
            Step {step} of {TOTAL_STEPS}
          </Text>
          <Text>{percent}% complete</Text>
        </HStack>
        <Progress.Root
          value={percent}
          colorPalette="brand"
          size="sm"
          borderRadius="full"
          aria-label="Questionnaire progress"
        >
          <Progress.Track borderRadius="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Card.Title as="h2" fontSize="xl" mt="2">
          {STEP_TITLES[step - 1]}
        </Card.Title>
      </Card.Header>

      <form
        noValidate
        onSubmit={(event) => {
          // Enter in a field on steps 1-3 moves on, as Next does; only step 4 submits.
          if (step < TOTAL_STEPS) {
            event.preventDefault();
            goTo(step + 1);
            return;
          }
          void form.handleSubmit(onValid, onInvalid)(event);
        }}
      >
        <Card.Body pt="4">
          <Stack gap="5">
            {refused ? (
              <Alert.Root status="error" borderRadius="md">
                <Alert.Indicator />
                <Alert.Title>Please check the highlighted answers.</Alert.Title>
              </Alert.Root>
            ) : null}
            <Suspense
              fallback={
                <Stack gap="5" aria-busy="true">
                  <Skeleton height="24" />
                  <Skeleton height="10" />
                  <Skeleton height="24" />
                </Stack>
              }
            >
              <StepFields form={form} />
            </Suspense>
          </Stack>
        </Card.Body>
        <Card.Footer
          justifyContent="space-between"
          gap="3"
          borderTopWidth="1px"
          pt="5"
          flexWrap="wrap"
        >
          <Button
            type="button"
            variant="outline"
            disabled={step === 1 || submit.isPending}
            onClick={() => goTo(step - 1)}
          >
            <ArrowLeft aria-hidden />
            Previous
          </Button>
          <Box>
            {step < TOTAL_STEPS ? (
              // Distinct keys: the button under the pointer must not turn into the submit
              // button while the click that moved to step 4 is still being handled.
              <Button key="next" type="button" colorPalette="brand" onClick={() => goTo(step + 1)}>
                Next
                <ArrowRight aria-hidden />
              </Button>
            ) : (
              <Button
                key="submit"
                type="submit"
                colorPalette="brand"
                loading={submit.isPending}
                loadingText="Submitting..."
              >
                <Send aria-hidden />
                Submit Questionnaire
              </Button>
            )}
          </Box>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
