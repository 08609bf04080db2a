/**
 * What the SEO Checker and Performance Analytics pages share: the URL the customer typed or
 * picked from their sites, the URL field, and the states of the results column.
 */
import { Box, Field, Input, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import type { SiteChoice } from "./site-quick-select";
import { invalidUrlToast } from "./toasts";

/**
 * The URL to analyze. A site picked from the quick select is sent along (its id updates that
 * site's score) for as long as the field still holds the URL it filled in.
 */
export function useAuditUrl() {
  const [url, setUrl] = useState("");
  const [picked, setPicked] = useState<SiteChoice | null>(null);

  /** The request's url and siteId, or null after the 'Invalid URL' toast (docs/tools.md). */
  function request(): { url: string; siteId?: string } | null {
    const value = url.trim();
    if (!value) {
      invalidUrlToast();
      return null;
    }
    return { url: value, ...(picked && picked.url === value ? { siteId: picked.siteId } : {}) };
  }

  function pick(choice: SiteChoice) {
    setUrl(choice.url);
    setPicked(choice);
  }

  return { url, setUrl, pick, request };
}

export function AuditUrlField({ value, onChange }: { value: string; onChange(v: string): void }) {
  return (
    <Field.Root>
      <Field.Label>Website URL</Field.Label>
      <Input
        type="text"
        inputMode="url"
        placeholder="https://example.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field.Root>
  );
}

export function EmptyResults(props: {
  icon: ReactNode;
  title: string;
  text: string;
  py: string;
  textMaxW: string;
  children?: ReactNode;
}) {
  return (
    <Stack
      align="center"
      textAlign="center"
      gap="3"
      bg="bg"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="xl"
      py={props.py}
      px="6"
    >
      <Box color="fg.muted">{props.icon}</Box>
      <Text fontWeight="semibold" fontSize="lg">
        {props.title}
      </Text>
      <Text color="fg.muted" maxW={props.textMaxW}>
        {props.text}
      </Text>
      {props.children}
    </Stack>
  );
}
