import { Button, Link as ChakraLink, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { CalendarClock, Mail } from "lucide-react";
import { lazy, Suspense } from "react";
import { useAccess } from "../access/access-context";
import { consultationUrl, contactEmail } from "../brand";
import { useIdentity } from "../identity/context";
import { useSignOut } from "../identity/use-sign-out";
import { PlanGrid, PlansPageFrame, SignInButton } from "../sales/plans-page";
import { HeaderLink } from "../ui/public-header";

const OtherAccountsNotice = lazy(() => import("../team/other-accounts-notice"));

/** The sales page (docs/pages.md, "Public pages"). */
export const Route = createFileRoute("/sales")({ component: SalesPage });

function SalesPage() {
  const identity = useIdentity();
  const { user } = useAccess();
  const signOut = useSignOut();
  const firstName = user?.firstName || identity.user?.firstName || "User";

  return (
    <PlansPageFrame
      links={
        <>
          <HeaderLink to="/" wide>
            Home
          </HeaderLink>
          <HeaderLink to="/pricing">Pricing</HeaderLink>
        </>
      }
      actions={
        identity.signedIn ? (
          <Button variant="outline" size="sm" onClick={() => void signOut()}>
            Sign Out
          </Button>
        ) : (
          <SignInButton />
        )
      }
      title={`Welcome, ${firstName}!`}
      subtitle="Choose the plan that fits your business. We design, build and host your website."
    >
      {/* The way back to the accounts they were invited to (docs/team.md). */}
      {identity.signedIn ? (
        <Suspense fallback={null}>
          <OtherAccountsNotice />
        </Suspense>
      ) : null}
      <Stack
        direction={{ base: "column", md: "row" }}
        align={{ base: "stretch", md: "center" }}
        justify="space-between"
        gap="5"
        p={{ base: "5", md: "6" }}
        bg="bg"
        borderWidth="1px"
        borderRadius="xl"
      >
        <HStack gap="4" align="flex-start">
          <Icon as={CalendarClock} boxSize="8" color="brand.fg" flexShrink="0" aria-hidden />
          <Stack gap="1">
            <Heading as="h2" size="md">
              Not sure which plan is right?
            </Heading>
            <Text color="fg.muted">
              Book a free, no-obligation 15-minute consultation with our team.
            </Text>
          </Stack>
        </HStack>
        <Button asChild colorPalette="brand" variant="subtle" flexShrink="0">
          <a href={consultationUrl}>Schedule Free Consultation</a>
        </Button>
      </Stack>

      <Stack gap="6">
        <Heading as="h2" size="xl" textAlign="center">
          Our Plans
        </Heading>
        <PlanGrid
          headingLevel="h3"
          to="/subscribe"
          title={(plan) => plan.name}
          features={(plan) => plan.siteFeatures}
          buttonLabel={(plan) => `Choose ${plan.name}`}
        />
      </Stack>

      <HStack justify="center" gap="2" color="fg.muted" flexWrap="wrap" textAlign="center">
        <Mail size={18} aria-hidden />
        <Text>
          Questions? Email us at{" "}
          <ChakraLink href={`mailto:${contactEmail}`} color="brand.fg" fontWeight="medium">
            {contactEmail}
          </ChakraLink>
        </Text>
      </HStack>
    </PlansPageFrame>
  );
}
