/**
 * The Domain tab (docs/sites.md, "Site Settings"; docs/domains.md): the current domain, Add Domain
 * with the DNS records to create (including the TXT token that proves ownership), how long the
 * domain stays reserved unverified, Verify Domain, the HTTPS certificate's state in words
 * (docs/sites.md, "Hosting"), the SSL switch and the live website. Add and
 * verify are their own calls, apart from Save. The rules are in docs/domains.md.
 */
import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Separator,
  Stack,
  Text,
} from "@chakra-ui/react";
import type {
  DnsRecord,
  Site,
  SiteSettings,
  SiteSettingsInput,
  VerifyDomainResponse,
} from "@portal/core/contracts/sites";
import { Globe, ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { ApiError } from "../api/api-error";
import { formatLongDate } from "../ui/format";
import { SettingSwitchField } from "../ui/setting-switch";
import { toast } from "../ui/toaster";
import { DnsRecordsTable } from "./dns-records-table";
import { CERTIFICATE_BADGES } from "./hosting-state";
import { LiveSiteButton } from "./live-site-button";
import { addDomain, verifyDomain } from "./queries";
import { useSiteMutation } from "./use-site-mutation";

/**
 * Where the domain's HTTPS certificate stands: the state as a badge and the hosting's words,
 * which say why it failed and what the customer must still do.
 */
function CertificateState({ certificate }: { certificate: NonNullable<Site["certificate"]> }) {
  const badge = CERTIFICATE_BADGES[certificate.state];
  return (
    <Stack as="section" gap="2" aria-label="HTTPS certificate">
      <HStack gap="2">
        <Heading as="h3" size="sm">
          HTTPS Certificate
        </Heading>
        <Badge colorPalette={badge.palette}>{badge.label}</Badge>
      </HStack>
      <Text
        fontSize="sm"
        color={certificate.state === "failed" ? "fg.error" : "fg.muted"}
        data-testid="certificate-message"
      >
        {certificate.message}
      </Text>
    </Stack>
  );
}

export function DomainPanel({
  site,
  form,
}: {
  site: Site;
  /** The settings form, for the SSL switch it holds. */
  form: UseFormReturn<SiteSettingsInput, unknown, SiteSettings>;
}) {
  const [input, setInput] = useState("");
  // The answer of the last add, shown at once (the list refetch brings the same records).
  const [added, setAdded] = useState<{ domain: string; records: DnsRecord[] } | null>(null);
  const [lastCheck, setLastCheck] = useState<VerifyDomainResponse | null>(null);

  const add = useSiteMutation({
    mutationFn: (domain: string) => addDomain(site.id, domain),
    onSuccess: (answer) => {
      setAdded({ domain: answer.domain, records: answer.records });
      setLastCheck(null);
      setInput("");
      toast({
        title: "Domain Added",
        description: "Domain successfully added to your site. Configure DNS records below.",
      });
    },
    onFailure: (error) => {
      const apiError = ApiError.from(error);
      const fields = apiError?.fields ?? {};
      const message = apiError?.detail;
      // The server says why (taken, malformed, ours): worth showing under the title.
      toast({
        title: "Failed to add domain",
        description: fields.domain ?? message ?? undefined,
        variant: "destructive",
      });
    },
  });

  const verify = useSiteMutation({
    mutationFn: () => verifyDomain(site.id),
    onSuccess: (answer) => {
      setLastCheck(answer);
      if (answer.verified) {
        toast({
          title: "Domain Verified",
          description: "Your domain is now active with SSL enabled!",
        });
      } else {
        toast({
          title: "Verification Pending",
          description: "DNS records not yet propagated. Please try again later.",
        });
      }
    },
    onFailure: (error) => {
      // A lapsed or lost claim says what to do next (add the domain again).
      const apiError = ApiError.from(error);
      const fields = apiError?.fields ?? {};
      const message = apiError?.detail;
      const status = apiError?.status;
      toast({
        title: "Failed to verify domain",
        description:
          status === 409 || status === 422 ? (fields.domain ?? message ?? undefined) : undefined,
        variant: "destructive",
      });
    },
  });

  const submitDomain = () => {
    const domain = input.trim();
    if (!domain) {
      toast({ title: "Please enter a domain first", variant: "destructive" });
      return;
    }
    add.mutate(domain);
  };

  const current = site.customDomain;
  const records =
    site.dnsRecords.length > 0
      ? site.dnsRecords
      : added && added.domain === current
        ? added.records
        : [];
  const checks = lastCheck && lastCheck.domain === current ? lastCheck.checks : undefined;
  const expiresAt = site.domainVerified ? null : site.domainClaimExpiresAt;
  const lapsed = expiresAt !== null && Date.parse(expiresAt) <= Date.now();

  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Current Domain
        </Heading>
        <Flex
          gap="3"
          align="center"
          justify="space-between"
          wrap="wrap"
          p="3"
          borderWidth="1px"
          borderRadius="md"
          bg="bg.subtle"
        >
          <HStack gap="2" minW="0">
            <Globe size={16} aria-hidden />
            <Text fontWeight="medium" truncate data-testid="current-domain">
              {current ?? site.url ?? "No domain yet"}
            </Text>
          </HStack>
          {current ? (
            site.domainVerified ? (
              <Badge colorPalette="green">
                <ShieldCheck size={12} aria-hidden />
                Active
              </Badge>
            ) : lapsed ? (
              <Badge colorPalette="red">Verification Expired</Badge>
            ) : (
              <Badge colorPalette="yellow">Pending Verification</Badge>
            )
          ) : (
            <Badge colorPalette="gray">Default</Badge>
          )}
        </Flex>
      </Stack>

      {current && site.certificate ? <CertificateState certificate={site.certificate} /> : null}

      <Field.Root>
        <Field.Label>Custom Domain</Field.Label>
        <Flex gap="2" w="full" direction={{ base: "column", sm: "row" }}>
          <Input
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the domain; it must not submit the settings form around it.
              if (event.key === "Enter") {
                event.preventDefault();
                submitDomain();
              }
            }}
            placeholder="www.yourbusiness.com"
            autoComplete="off"
            spellCheck={false}
          />
          <Button
            type="button"
            variant="outline"
            onClick={submitDomain}
            loading={add.isPending}
            flexShrink="0"
          >
            Add Domain
          </Button>
        </Flex>
        <Field.HelperText>
          Enter the domain without http:// — for example www.yourbusiness.com or yourbusiness.com.
        </Field.HelperText>
      </Field.Root>

      <Stack gap="3">
        <Heading as="h3" size="sm">
          DNS Records
        </Heading>
        {records.length > 0 ? (
          <>
            <Text fontSize="sm" color="fg.muted">
              Create these records at your domain provider for{" "}
              <Text as="span" fontWeight="semibold" color="fg">
                {current}
              </Text>
              . DNS changes can take up to 48 hours to propagate. The TXT record shows the domain is
              yours; you may remove it once the domain is verified.
            </Text>
            {expiresAt ? (
              <Text
                fontSize="sm"
                color={lapsed ? "fg.error" : "fg.muted"}
                data-testid="domain-expiry"
              >
                {lapsed
                  ? "The time to verify this domain has run out. Add the domain again to get a new TXT record."
                  : `Reserved for this site until ${formatLongDate(expiresAt)}. Verify it before then, or another customer may claim it.`}
              </Text>
            ) : null}
            <DnsRecordsTable records={records} checks={checks} />
          </>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Add your domain above and we will show the DNS records to create at your domain
            provider.
          </Text>
        )}
        <Box>
          <Button
            type="button"
            variant="outline"
            onClick={() => verify.mutate()}
            loading={verify.isPending}
            loadingText="Checking DNS..."
            disabled={!current}
          >
            <ShieldCheck aria-hidden />
            Verify Domain
          </Button>
        </Box>
      </Stack>

      <Separator />

      <SettingSwitchField
        form={form}
        name="sslEnabled"
        label="SSL Certificate"
        help="Serve your site over a secure https:// connection."
      />

      <Separator />

      <Stack gap="2">
        <Heading as="h3" size="sm">
          Live Website
        </Heading>
        <Flex gap="3" align="center" justify="space-between" wrap="wrap">
          <Text fontSize="sm" color={site.liveUrl ? "fg" : "fg.muted"} truncate minW="0">
            {site.liveUrl ?? "Your site is not live yet."}
          </Text>
          <LiveSiteButton href={site.liveUrl} label="Visit" />
        </Flex>
      </Stack>
    </Stack>
  );
}
