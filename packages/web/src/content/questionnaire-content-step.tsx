/**
 * The questionnaire's optional upload step (docs/content.md, "In the questionnaire"): under
 * "I have a logo" and "I will provide all content", once ticked, the customer can hand the
 * files over at once. Nothing here is required: they may skip it and come back through their
 * site's Content section (the dashboard row's Add Content). The files belong to the customer,
 * not yet to a site (the site is created by the submit), so every site's section shows them.
 */
import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { ContentSection } from "./content-section";

export function QuestionnaireContentStep({ logo, content }: { logo: boolean; content: boolean }) {
  if (!logo && !content) return null;
  return (
    <Box
      as="section"
      aria-labelledby="questionnaire-files"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: "3", md: "4" }}
      bg="bg.subtle"
    >
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h3" size="sm" id="questionnaire-files">
            Hand over your files now (optional)
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Skip this if you prefer: you can add them later in your site's Content section.
          </Text>
        </Stack>
        {logo ? (
          <ContentSection
            purpose="logo"
            only="logo"
            anchor="questionnaire-logo"
            title="Your Logo"
            description="The best version you have: SVG, or a PNG with a transparent background."
          />
        ) : null}
        {content ? (
          <ContentSection
            purpose="content"
            only="content"
            anchor="questionnaire-content"
            title="Your Content"
            description="Photos, texts and documents for your pages."
          />
        ) : null}
      </Stack>
    </Box>
  );
}
