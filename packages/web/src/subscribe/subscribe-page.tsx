import { Button, Center, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { priceForPlanName } from "@portal/core/contracts/plans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { CircleX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ApiError, unavailableMessage } from "../api/api-error";
import { currentUserKey } from "../api/current-user";
import { useIdentity } from "../identity/context";
import { readSelectedPlan } from "../sales/selected-plan";
import { toast } from "../ui/toaster";
import { createSubscription, nextStep } from "./create-subscription";

/** Delays from docs/billing.md, "Paying by card". */
const BEFORE_CREATE_MS = 500;
const SIGN_IN_REDIRECT_MS = 1000;
const OTHER_REDIRECT_MS = 2000;

type Phase = "preparing" | "redirecting" | "failed";

/** /subscribe (docs/billing.md, "Paying by card"): starts the payment for the chosen plan. */
export function SubscribePage() {
  const { canceled } = useSearch({ from: "/subscribe" });
  if (canceled) return <Canceled />;
  return <Subscribe />;
}

/** Back from the payment page without paying (docs/billing.md, "Paying by card"). */
function Canceled() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate({ to: "/pricing" }), OTHER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Center as="main" minH="100dvh" px="6">
      <Stack align="center" textAlign="center" gap="3">
        <CircleX size={40} color="var(--chakra-colors-red-600)" aria-hidden />
        <Heading as="h1" size="xl">
          Payment Canceled
        </Heading>
        <Text color="fg.muted">Taking you back to the plans...</Text>
      </Stack>
    </Center>
  );
}

/** Subscribing, with its messages (docs/billing.md, "Paying by card"). */
function Subscribe() {
  const identity = useIdentity();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [planName] = useState(readSelectedPlan);
  const [phase, setPhase] = useState<Phase>("preparing");
  const started = useRef(false);
  const timers = useRef<number[]>([]);

  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  };
  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const subscription = useMutation({
    mutationFn: createSubscription,
    // 401 here has its own message and delay, not the shared 'Unauthorized' flow.
    meta: { handlesUnauthorized: true },
    onSuccess(result) {
      let next: ReturnType<typeof nextStep>;
      try {
        next = nextStep(result);
      } catch (error) {
        setPhase("failed");
        toast({ title: "Error", description: (error as Error).message, variant: "destructive" });
        return;
      }
      if (next.kind === "pay") {
        setPhase("redirecting");
        window.location.assign(next.url);
        return;
      }
      toast({
        title: "Subscription Active!",
        description: next.message || "Your subscription is already active.",
      });
      // A change of plan is stored by now: the shell and the gate read the user again.
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void navigate({ to: "/dashboard" });
    },
    onError(error) {
      setPhase("failed");
      if (ApiError.from(error)?.status === 401) {
        toast({
          title: "Authentication Required",
          description: "Please log in to continue with your subscription.",
          variant: "destructive",
        });
        later(OTHER_REDIRECT_MS, () => void navigate({ to: "/sign-in" }));
        return;
      }
      toast({
        title: "Error",
        // Stripe unavailable: the server's 503 says nothing was charged and when to retry.
        description:
          unavailableMessage(error) ?? "Failed to create subscription. Please try again.",
        variant: "destructive",
      });
    },
  });

  // Runs once, as soon as the identity provider has loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a one-shot start, guarded by `started`
  useEffect(() => {
    if (!identity.loaded || started.current) return;
    started.current = true;
    try {
      if (!identity.signedIn) {
        setPhase("failed");
        toast({
          title: "Please log in",
          description: "Please log in to continue with your subscription.",
          variant: "destructive",
        });
        later(SIGN_IN_REDIRECT_MS, () => void navigate({ to: "/sign-in" }));
        return;
      }
      if (!planName) {
        setPhase("failed");
        toast({ title: "Please select a plan", variant: "destructive" });
        later(OTHER_REDIRECT_MS, () => void navigate({ to: "/sales" }));
        return;
      }
      later(BEFORE_CREATE_MS, () => subscription.mutate(planName));
    } catch (error) {
      console.log("Subscription set-up failed.", error);
      setPhase("failed");
      toast({
        title: "Initialization Error",
        description: "Failed to initialize subscription. Please try again.",
        variant: "destructive",
      });
    }
  }, [identity.loaded]);

  return (
    <Center as="main" minH="100dvh" px="6" bg="bg.subtle">
      <Stack
        align="center"
        textAlign="center"
        gap="4"
        bg="bg"
        p={{ base: "8", md: "10" }}
        borderRadius="2xl"
        borderWidth="1px"
        w="full"
        maxW="md"
      >
        {phase === "failed" ? null : <Spinner size="xl" color="brand.solid" borderWidth="3px" />}
        <Heading as="h1" size="lg" aria-live="polite">
          {phase === "failed"
            ? "We couldn't start your subscription"
            : phase === "redirecting"
              ? "Redirecting to secure payment..."
              : "Preparing your subscription..."}
        </Heading>
        {planName ? (
          <Text color="fg.muted">
            Plan: {planName} (${priceForPlanName(planName)}/month)
          </Text>
        ) : null}
        {phase === "failed" && identity.signedIn && planName ? (
          <HStack gap="3">
            <Button
              colorPalette="brand"
              loading={subscription.isPending}
              onClick={() => {
                setPhase("preparing");
                subscription.mutate(planName);
              }}
            >
              Try Again
            </Button>
            <Button asChild variant="outline">
              <Link to="/sales">Back to Plans</Link>
            </Button>
          </HStack>
        ) : null}
      </Stack>
    </Center>
  );
}
