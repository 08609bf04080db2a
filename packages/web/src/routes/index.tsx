import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useAccess } from "../access/access-context";
import { LandingPage } from "../marketing/landing-page";
import { FullPageSpinner } from "../ui/full-page-spinner";

// Customers with an active subscription and a completed questionnaire see their dashboard at
// "/" (docs/access.md, "The SPA's gate"; docs/pages.md, "The shell"); visitors never download it.
const HomeDashboard = lazy(() => import("../dashboard/home-dashboard"));

export const Route = createFileRoute("/")({ component: Home });

function Home() {
  const { state } = useAccess();
  if (state.kind !== "signed-in") return <LandingPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <HomeDashboard />
    </Suspense>
  );
}
