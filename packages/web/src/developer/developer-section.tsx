/**
 * The Developer section of /settings (docs/developer-api.md): API keys, webhook endpoints and
 * a link to the API reference. Shown to customers with a plan, as the API allows it.
 */
import { Box, Button, Flex, Heading, Link, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { BookOpen } from "lucide-react";
import { ApiKeysCard } from "./api-keys-card";
import { WebhooksCard } from "./webhooks-card";

export function DeveloperSection() {
  return (
    <Box as="section" id="developer" aria-labelledby="developer-heading" mt="10">
      <Flex
        justify="space-between"
        align={{ base: "flex-start", sm: "center" }}
        gap="3"
        mb="4"
        direction={{ base: "column", sm: "row" }}
      >
        <Box>
          <Heading as="h2" id="developer-heading" size="lg">
            Developer
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Let your own tools read your sites and follow what happens to them.
          </Text>
        </Box>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/settings/api-reference">
            <BookOpen aria-hidden />
            API reference
          </RouterLink>
        </Button>
      </Flex>
      <ApiKeysCard />
      <WebhooksCard />
      <Text fontSize="sm" color="fg.muted">
        How to verify a delivery's signature:{" "}
        <Link asChild color="brand.fg">
          <RouterLink to="/settings/api-reference" hash="webhooks">
            the webhooks guide
          </RouterLink>
        </Link>
        .
      </Text>
    </Box>
  );
}
