/**
 * A credential shown once (a new API key, an endpoint's signing secret), as GitHub and Stripe
 * show them: in full, with a copy button and a warning that it will not be shown again.
 */
import { Alert, Box, Button, Code, Flex, Stack, Text } from "@chakra-ui/react";
import { Check, Copy } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "../ui/toaster";

export function ShownOnce({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: `${label} copied` });
    } catch {
      const node = codeRef.current;
      if (node) window.getSelection()?.selectAllChildren(node);
      toast({
        title: "Copy Failed",
        description: "It is selected: press Ctrl+C (⌘C on a Mac) to copy it.",
        variant: "destructive",
      });
    }
  };
  return (
    <Stack gap="3">
      <Alert.Root status="warning" borderRadius="md">
        <Alert.Indicator />
        <Alert.Description>
          Copy your {label.toLowerCase()} now. For your security it will not be shown again.
        </Alert.Description>
      </Alert.Root>
      <Flex gap="2" align="stretch" direction={{ base: "column", sm: "row" }}>
        <Box flex="1" minW="0" borderWidth="1px" borderRadius="md" bg="bg.muted" px="3" py="2">
          <Code
            ref={codeRef}
            data-testid="shown-once"
            bg="transparent"
            fontSize="sm"
            wordBreak="break-all"
            whiteSpace="normal"
          >
            {value}
          </Code>
        </Box>
        <Button variant="outline" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        Store it in your password manager or your tool's secret settings.
      </Text>
    </Stack>
  );
}
