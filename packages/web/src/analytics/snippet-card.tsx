/**
 * The tracking snippet for the chosen site, with a copy button. The script URL comes from the
 * API (the origin it answers on), so the snippet is right for this deployment.
 */
import { Box, Button, Card, Flex, Skeleton, Stack, Text } from "@chakra-ui/react";
import { trackingSnippet } from "@portal/core/contracts/analytics";
import { useQuery } from "@tanstack/react-query";
import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LoadFailed } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { Tooltip } from "../ui/tooltip";
import { analyticsSettingsQuery } from "./queries";

export function SnippetCard({ siteId, siteName }: { siteId: string; siteName: string }) {
  const settings = useQuery(analyticsSettingsQuery());
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const snippet = settings.data ? trackingSnippet(settings.data.scriptUrl, siteId) : null;

  const copy = async () => {
    if (!snippet) return;
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      toast({ title: "Snippet Copied", description: `Paste it into every page of ${siteName}.` });
    } catch {
      // No clipboard permission (an insecure origin, a locked-down browser): select the text so
      // a keyboard copy works.
      const node = codeRef.current;
      if (node) window.getSelection()?.selectAllChildren(node);
      toast({
        title: "Copy Failed",
        description: "The snippet is selected: press Ctrl+C (⌘C on a Mac) to copy it.",
        variant: "destructive",
      });
    }
  };

  return (
    <Card.Root bg="bg" borderRadius="xl" data-testid="snippet-card">
      <Card.Header pb="2">
        <Flex justify="space-between" align="center" gap="3">
          <Card.Title as="h2" fontSize="md">
            Tracking snippet
          </Card.Title>
          <Tooltip content="Copy snippet">
            <Button
              size="sm"
              variant="outline"
              onClick={() => void copy()}
              disabled={!snippet}
              aria-label="Copy snippet"
            >
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </Tooltip>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm">
            Add this line inside the &lt;head&gt; of every page of{" "}
            <Text as="span" fontWeight="medium" color="fg">
              {siteName}
            </Text>
            . It counts page views without cookies and stores no personal data.
          </Text>
          {snippet ? (
            <Box
              as="pre"
              ref={codeRef}
              data-testid="tracking-snippet"
              fontFamily="mono"
              fontSize="xs"
              bg="bg.muted"
              borderRadius="md"
              borderWidth="1px"
              p="3"
              whiteSpace="pre-wrap"
              wordBreak="break-all"
            >
              {snippet}
            </Box>
          ) : settings.isError ? (
            <LoadFailed title="We couldn't load the snippet." retry={settings.refetch} />
          ) : (
            <Skeleton height="14" />
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
