/**
 * One customer as the team sees them (docs/console.md): plan and subscription, sites with their
 * lifecycle, the questionnaire, tickets, upgrades, the account's team, API keys (revocable), the
 * mail sent to the account and recent activity.
 */
import {
  Alert,
  Badge,
  Button,
  Collapsible,
  Flex,
  HStack,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import type { StaffCustomer } from "@portal/core/contracts/staff";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, ChevronDown, ExternalLink } from "lucide-react";
import { lazy, Suspense } from "react";
import { CustomerFiles } from "../content/customer-files";
import { StaffCustomerReports } from "../reports/staff-reports";
import { PageHeader } from "../shell/app-shell";
import { formatDateTime, TicketPriorityBadge, TicketStatusBadge } from "../tickets/ticket-badges";
import { RecordStates } from "../ui/query-states";
import { Section, SiteStatusBadge, SubscriptionBadge } from "./console-ui";
import { CustomerApiKeys } from "./customer-api-keys";
import { CustomerMail } from "./customer-mail";
import { CustomerTeam } from "./customer-team";
import { customerName, formatAge } from "./format";
import { PLAN_LABELS } from "./plan-labels";
import { customerQuery } from "./queries";
import { UpsellWorkButtons, WorkStatusBadge } from "./upsell-work";

/** Each site's deployments, review and lifecycle forms: started by the route's loader with the data. */
export const loadSiteForms = () => import("./site-forms");
const DeploymentsPanel = lazy(() => loadSiteForms().then((m) => ({ default: m.DeploymentsPanel })));
const StaffReviewPanel = lazy(() => loadSiteForms().then((m) => ({ default: m.StaffReviewPanel })));
const SiteLifecycle = lazy(() => loadSiteForms().then((m) => ({ default: m.SiteLifecycle })));
// Shown only once the Answers section is opened: loaded then.
const QuestionnaireAnswers = lazy(() =>
  import("./questionnaire-answers").then((m) => ({ default: m.QuestionnaireAnswers })),
);

type SiteMonitor = StaffCustomer["monitoring"][number];

/** The site's uptime as the monitor last saw it (docs/monitoring.md): an outage or a dying certificate. */
function SiteMonitoring({ monitor }: { monitor: SiteMonitor | undefined }) {
  if (!monitor?.lastCheck) return null;
  const cert = monitor.certificate;
  return (
    <HStack gap="2" flexWrap="wrap" fontSize="sm" data-testid="staff-site-monitoring">
      {monitor.openIncident ? (
        <Badge colorPalette="red" variant="solid">
          Down since {formatDateTime(monitor.openIncident.startedAt)}: {monitor.openIncident.reason}
        </Badge>
      ) : (
        <Badge colorPalette="green" variant="subtle">
          Up (checked {formatDateTime(monitor.lastCheck.at)})
        </Badge>
      )}
      {cert && cert.daysLeft <= 14 ? (
        <Badge colorPalette="red" variant="subtle">
          Certificate expires in {cert.daysLeft} days
        </Badge>
      ) : null}
      {!monitor.openIncident && monitor.lastIncident ? (
        <Text color="fg.muted">Last incident {formatDateTime(monitor.lastIncident.startedAt)}</Text>
      ) : null}
    </HStack>
  );
}

/** The space the review panel and the lifecycle form take while their code arrives. */
function SiteFormsLoading() {
  return (
    <Stack gap="3" aria-busy="true">
      <Skeleton height="40" />
      <Skeleton height="20" />
    </Stack>
  );
}

export function CustomerPage({ userId }: { userId: string }) {
  const query = useQuery(customerQuery(userId));
  return (
    <Stack gap="5" maxW="5xl">
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
        <Link to="/staff/customers">
          <ArrowLeft aria-hidden />
          Customers
        </Link>
      </Button>
      <RecordStates
        query={query}
        loading="Loading customer"
        failed="We couldn't load the customer."
        notFound={{ title: "No customer has this id." }}
      >
        {(data) => <CustomerDetails data={data} />}
      </RecordStates>
    </Stack>
  );
}

/** SES reported a bounce or complaint for the address: no mail goes to it, and this is why. */
function MailSuppressed({
  suppression,
}: {
  suppression: NonNullable<StaffCustomer["mailSuppression"]>;
}) {
  return (
    <Alert.Root status="warning" borderRadius="lg" data-testid="mail-suppressed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          Mail to this address is off after a {suppression.reason} ({formatDateTime(suppression.at)}
          )
        </Alert.Title>
        <Alert.Description>{suppression.detail}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The account's last owner deleted their identity: nobody may manage it (docs/team.md). */
function Ownerless({ since }: { since: string }) {
  return (
    <Alert.Root status="error" borderRadius="lg" data-testid="ownerless">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>No owner since {formatDateTime(since)}</Alert.Title>
        <Alert.Description>
          The account's last owner left. Its members keep working, but nobody can manage billing or
          the team: agree with them who takes it over, then use Appoint owner in its Team section.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function CustomerDetails({ data }: { data: StaffCustomer }) {
  const { customer, questionnaire, sites, tickets, upsells, activities, monitoring } = data;
  const monitors = new Map(monitoring.map((m) => [m.siteId, m]));
  return (
    <>
      <PageHeader title={customerName(customer)}>
        <HStack gap="2" flexWrap="wrap">
          {customer.subscriptionPlan ? (
            <Badge variant="outline">{PLAN_LABELS[customer.subscriptionPlan]} plan</Badge>
          ) : (
            <Badge variant="outline">No plan</Badge>
          )}
          <SubscriptionBadge customer={customer} />
        </HStack>
      </PageHeader>
      <Text color="fg.muted" mt="-4">
        {customer.email} · joined {formatAge(customer.createdAt)} ·{" "}
        {customer.hasCompletedQuestionnaire
          ? "questionnaire answered"
          : "questionnaire not answered"}
      </Text>
      {data.mailSuppression ? <MailSuppressed suppression={data.mailSuppression} /> : null}
      {customer.ownerlessSince ? <Ownerless since={customer.ownerlessSince} /> : null}

      <Section title={`Sites (${sites.length})`}>
        {sites.length === 0 ? (
          <Text color="fg.muted">No sites yet.</Text>
        ) : (
          <Stack gap="4">
            {sites.map((site) => (
              <Stack
                key={site.id}
                gap="3"
                borderWidth="1px"
                borderRadius="lg"
                p="4"
                data-testid="staff-site"
              >
                <Flex justify="space-between" gap="2" align="center" flexWrap="wrap">
                  <HStack gap="2" minW="0">
                    <Text fontWeight="semibold" truncate>
                      {site.name}
                    </Text>
                    <SiteStatusBadge status={site.status} />
                    {site.performanceScore !== null ? (
                      <Badge variant="outline">Score {site.performanceScore}</Badge>
                    ) : null}
                  </HStack>
                  {site.liveUrl ? (
                    <Button asChild size="xs" variant="ghost">
                      <a href={site.liveUrl} target="_blank" rel="noreferrer">
                        Open live site <ExternalLink aria-hidden size={14} />
                      </a>
                    </Button>
                  ) : null}
                </Flex>
                <SiteMonitoring monitor={monitors.get(site.id)} />
                <Suspense fallback={<SiteFormsLoading />}>
                  <DeploymentsPanel userId={customer.id} site={site} />
                  <StaffReviewPanel userId={customer.id} siteId={site.id} />
                  <SiteLifecycle userId={customer.id} site={site} />
                </Suspense>
                <Text fontSize="sm" fontWeight="semibold">
                  Files of this site
                </Text>
                <CustomerFiles userId={customer.id} siteId={site.id} />
              </Stack>
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Questionnaire">
        {questionnaire ? (
          <Collapsible.Root>
            <Flex justify="space-between" align="center" gap="2">
              <Text>
                {questionnaire.businessName} · submitted {formatDateTime(questionnaire.createdAt)}
              </Text>
              <Collapsible.Trigger asChild>
                <Button size="sm" variant="outline">
                  Answers <ChevronDown aria-hidden size={16} />
                </Button>
              </Collapsible.Trigger>
            </Flex>
            <Collapsible.Content pt="3">
              <Suspense fallback={<Skeleton height="40" />}>
                <QuestionnaireAnswers questionnaire={questionnaire} />
              </Suspense>
            </Collapsible.Content>
          </Collapsible.Root>
        ) : (
          <Text color="fg.muted">Not answered yet.</Text>
        )}
      </Section>

      <Section title={`Tickets (${tickets.length})`}>
        {tickets.length === 0 ? (
          <Text color="fg.muted">No tickets.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  to="/staff/tickets/$userId/$ticketId"
                  params={{ userId: customer.id, ticketId: ticket.id }}
                >
                  <Flex
                    gap="2"
                    justify="space-between"
                    align="center"
                    flexWrap="wrap"
                    borderWidth="1px"
                    borderRadius="lg"
                    p="3"
                    _hover={{ borderColor: "brand.emphasized" }}
                  >
                    <Text fontWeight="medium">{ticket.title}</Text>
                    <HStack gap="2">
                      <TicketStatusBadge status={ticket.status} />
                      <TicketPriorityBadge priority={ticket.priority} />
                      {ticket.waitingOnStaff ? (
                        <Badge colorPalette="red" variant="solid">
                          Waiting on us
                        </Badge>
                      ) : null}
                    </HStack>
                  </Flex>
                </Link>
              </li>
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Upgrades">
        {upsells.length === 0 ? (
          <Text color="fg.muted">No upgrades offered or bought.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {upsells.map((upsell) => (
              <Flex
                as="li"
                key={upsell.id}
                gap="2"
                justify="space-between"
                align="center"
                flexWrap="wrap"
              >
                <Text>
                  {upsell.title}
                  {upsell.siteName ? ` · ${upsell.siteName}` : ""} · ${upsell.price}
                </Text>
                <HStack gap="2">
                  <WorkStatusBadge upsell={upsell} />
                  <UpsellWorkButtons upsell={upsell} />
                </HStack>
              </Flex>
            ))}
          </Stack>
        )}
      </Section>

      <CustomerTeam
        userId={data.customer.id}
        ownerless={data.customer.ownerlessSince !== null}
        team={data.team}
      />

      <Section title="All files">
        <CustomerFiles userId={data.customer.id} />
      </Section>

      <CustomerApiKeys userId={data.customer.id} />

      <CustomerMail userId={data.customer.id} />

      <StaffCustomerReports userId={data.customer.id} />

      <Section title="Recent activity">
        {activities.length === 0 ? (
          <Text color="fg.muted">No activity yet.</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" aria-label="Activity">
            {activities.map((activity) => (
              <Flex as="li" key={activity.id} gap="3" justify="space-between" fontSize="sm">
                <Text>
                  {activity.description}
                  {/* The account's member who acted (docs/team.md, "Who did it"). */}
                  {activity.actor ? (
                    <Text as="span" color="fg.muted">
                      {" "}
                      · {activity.actor.name}
                    </Text>
                  ) : null}
                </Text>
                <Text color="fg.muted" flexShrink="0">
                  {formatAge(activity.createdAt)}
                </Text>
              </Flex>
            ))}
          </Stack>
        )}
      </Section>
    </>
  );
}
