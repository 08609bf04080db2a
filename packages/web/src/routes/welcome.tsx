import { createFileRoute } from "@tanstack/react-router";
import { WelcomePage } from "../onboarding/welcome-page";

export const Route = createFileRoute("/welcome")({ component: WelcomePage });
