/**
 * The signed-in home (docs/pages.md, "Dashboard"): banners, four stat cards, My Sites, Recent
 * Activity, Support Tickets and the New Ticket dialog; the ?payment= toasts; and, once per sign-in,
 * the screenshot refresh-all call whose failure is ignored.
 */
import { Button, Grid, GridItem, Stack } from "@chakra-ui/react";
import type { Site } from "@portal/core/contracts/sites";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { LifeBuoy } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useAccess } from "../access/access-context";
import { mayDo } from "../access/role";
import { productName } from "../brand";
import { PageHeader } from "../shell/app-shell";
import { refreshAllScreenshots, sitesQuery } from "../sites/queries";
import { whenIdle } from "../ui/after-paint";
import { RenderAfterCommit } from "../ui/background-render";
import { FullPageSpinner } from "../ui/full-page-spinner";
import { toast } from "../ui/toaster";
import { DashboardBanners } from "./banners";
import { MySites } from "./my-sites";
import { RecentActivity } from "./recent-activity";
import { StatCards } from "./stat-cards";
import { SupportTickets } from "./support-tickets";

// Loaded when first opened: their forms, validation and the card form are not needed for the
// page to show (docs/performance.md "`signed-in`").
const DashboardTicketDialog = lazy(() =>
  import("./new-ticket-dialog").then((m) => ({ default: m.DashboardTicketDialog })),
);
const SeoUpsellModal = lazy(() =>
  import("../billing/seo-upsell-modal").then((m) => ({ default: m.SeoUpsellModal })),
);

/** docs/pages.md, "Timings": redirects after a toast wait 2 s. */
const QUESTIONNAIRE_REDIRECT_MS = 2000;

export function DashboardPage() {
  const { state, user } = useAccess();
  const [ticketOpen, setTicketOpen] = useState(false);
  const [upsellSite, setUpsellSite] = useState<Site | null>(null);

  usePaymentToasts();
  // Refreshing previews is a paid-up customer's action (docs/access.md): a lapsed plan keeps
  // the previews it has.
  const refreshPreviews = useScreenshotRefreshOnSignIn(
    user?.subscriptionActive ? user.id : undefined,
  );

  // The gate shows this page only to signed-in customers; while the user record loads, a spinner.
  if (state.kind !== "signed-in" || !user) return <FullPageSpinner />;

  return (
    <>
      <PageHeader title="Dashboard">
        <Button colorPalette="brand" onClick={() => setTicketOpen(true)}>
          <LifeBuoy aria-hidden />
          Get Support
        </Button>
      </PageHeader>

      <DashboardBanners user={user} />
      <StatCards />

      {/* The lists commit after the header and the stat cards (ui/background-render.tsx). */}
      <RenderAfterCommit>
        <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="6">
          <GridItem>
            <MySites
              hasCompletedQuestionnaire={user.hasCompletedQuestionnaire}
              onShown={refreshPreviews}
              // Only a paid-up customer's owner can buy the package (docs/access.md,
              // docs/team.md); a lapsed one is shown the Payment Issue banner instead.
              onUpgrade={
                user.subscriptionActive && mayDo(user, "owner") ? setUpsellSite : undefined
              }
            />
          </GridItem>
          <GridItem>
            <Stack gap="6">
              <RecentActivity />
              <SupportTickets onNewTicket={() => setTicketOpen(true)} />
            </Stack>
          </GridItem>
        </Grid>
      </RenderAfterCommit>

      <Suspense fallback={null}>
        {ticketOpen ? <DashboardTicketDialog open onClose={() => setTicketOpen(false)} /> : null}
        {upsellSite ? (
          <SeoUpsellModal site={upsellSite} open onClose={() => setUpsellSite(null)} />
        ) : null}
      </Suspense>
    </>
  );
}

/**
 * ?payment=success: 'Payment Successful!', the query cleared, /questionnaire 2 s later.
 * ?payment=failed: destructive 'Payment Failed', the query cleared.
 */
function usePaymentToasts() {
  const location = useLocation();
  const navigate = useNavigate();
  const payment = (location.search as Record<string, unknown>).payment;
  // One toast per visit with the query, even when React runs effects twice in development.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (payment !== "success" && payment !== "failed") return;
    const visit = `${location.pathname}?payment=${payment}`;
    if (handled.current === visit) return;
    handled.current = visit;

    if (payment === "success") {
      toast({
        title: "Payment Successful!",
        description: `Welcome to ${productName}! Please complete the questionnaire to get started.`,
      });
    } else {
      toast({
        title: "Payment Failed",
        description: "There was an issue with your payment. Please try again.",
        variant: "destructive",
      });
    }
    void navigate({ to: location.pathname, search: {}, replace: true });
    if (payment === "success") {
      window.setTimeout(() => {
        void navigate({ to: "/questionnaire" });
      }, QUESTIONNAIRE_REDIRECT_MS);
    }
  }, [payment, location.pathname, navigate]);
}

/** Users whose screenshots this page load has already asked to refresh. */
const refreshedFor = new Set<string>();

/**
 * docs/pages.md, "Dashboard": on sign-in the dashboard fires the refresh-all call and ignores
 * failures. Once per signed-in user per page load; the site list reloads when it succeeds.
 * The answer is the call to make once My Sites is on screen: the refresh then starts when the
 * browser is next idle, so neither it nor the list's reload stands in the first load's way
 * (docs/performance.md, "Seventh round").
 */
function useScreenshotRefreshOnSignIn(userId: string | undefined): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (!userId || refreshedFor.has(userId)) return;
    refreshedFor.add(userId);
    whenIdle(() => {
      refreshAllScreenshots()
        .then(() => queryClient.invalidateQueries({ queryKey: sitesQuery().queryKey }))
        .catch(() => {
          // Previews are a nicety: a failed refresh leaves the old ones, and says nothing.
        });
    });
  }, [userId, queryClient]);
}
