/**
 * The questionnaire's optional last step (docs/content.md, "In the questionnaire"): shown after
 * the submit when the customer said they have a logo or will provide the content. They upload
 * them to the new site now, or skip and come back through the site's Content section (the
 * dashboard row's Add Content).
 */
import { Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { ContentSection } from "./content-section";

export function QuestionnaireContentStep({
  siteId,
  logo,
  content,
}: {
  siteId: string;
  logo: boolean;
  content: boolean;
}) {
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Stack gap="2">
        <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
          Hand Over Your {logo && content ? "Logo and Content" : logo ? "Logo" : "Content"}
        </Heading>
        <Text color="fg.muted">
          Your answers are saved and the team has your request. Upload what you have now, or skip
          this step and add it later from your site's Content section on the dashboard.
        </Text>
      </Stack>
      {logo ? (
        <ContentSection
          siteId={siteId}
          purpose="logo"
          only="logo"
          anchor="logo"
          title="Your Logo"
          description="The best version you have: SVG, or a PNG with a transparent background."
        />
      ) : null}
      {content ? (
        <ContentSection
          siteId={siteId}
          purpose="content"
          only="content"
          title="Your Content"
          description="Photos, texts and documents for your pages."
        />
      ) : null}
      <HStack gap="3" justify="flex-end">
        <Button asChild variant="outline">
          <Link to="/dashboard">Skip for Now</Link>
        </Button>
        <Button asChild colorPalette="brand">
          <Link to="/dashboard">Continue to Dashboard</Link>
        </Button>
      </HStack>
    </Stack>
  );
}
