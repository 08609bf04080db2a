import { Link as ChakraLink, Text } from "@chakra-ui/react";
import { pricingFeatures } from "@portal/core/contracts/plans";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useIdentity } from "../identity/context";
import { PlanGrid, PlansPageFrame, SignInButton } from "../sales/plans-page";
import { HeaderLink } from "../ui/public-header";

/** The public pricing page (docs/pages.md, "Public pages"), monthly prices (docs/pricing.md). */
export const Route = createFileRoute("/pricing")({ component: PricingPage });

function PricingPage() {
  const identity = useIdentity();
  return (
    <PlansPageFrame
      links={
        <HeaderLink to="/" wide>
          Home
        </HeaderLink>
      }
      actions={identity.signedIn ? null : <SignInButton />}
      title="Choose Your Plan"
      subtitle="Monthly plans. Your website designed, built, hosted and looked after."
    >
      <PlanGrid
        headingLevel="h2"
        to={identity.signedIn ? "/subscribe" : "/sign-in"}
        title={(plan) => plan.pricingName}
        features={pricingFeatures}
        buttonLabel={() => "Get Started"}
        buttonAccessibleLabel={(plan) => `Get Started with ${plan.pricingName}`}
      />
      {identity.signedIn ? null : (
        <Text textAlign="center">
          {/* The first design's target (/api/login) belonged to an older server sign-in; sign-up is
              where starting a website begins now (a signed-in customer has no use for it). */}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold" fontSize="lg">
            <Link to="/sign-up">Start Your Website Today</Link>
          </ChakraLink>
        </Text>
      )}
    </PlansPageFrame>
  );
}
