/** Billing History (spec part 2 "Billing"): invoices in US dollars, US long dates, links. */
import { Card, Flex, HStack, Link, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Download, ExternalLink } from "lucide-react";
import { formatCents, formatLongDate, invoiceBadge, statusText } from "./format";
import { invoicesQuery } from "./queries";
import { KindBadge } from "./status-badge";

export function BillingHistoryCard() {
  const query = useQuery(invoicesQuery());
  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Header>
        <Card.Title>Billing History</Card.Title>
        <Card.Description>Your invoices, newest first.</Card.Description>
      </Card.Header>
      <Card.Body>
        {query.isPending ? (
          <Stack gap="3">
            <Skeleton height="10" />
            <Skeleton height="10" />
          </Stack>
        ) : query.isError ? (
          <Text color="fg.error">Failed to load billing history. Please refresh the page.</Text>
        ) : query.data.invoices.length === 0 ? (
          <Text color="fg.muted">No billing history found.</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" aria-label="Invoices">
            {query.data.invoices.map((invoice) => (
              <Flex
                as="li"
                key={invoice.id}
                justify="space-between"
                align="center"
                gap="3"
                wrap="wrap"
                py="3"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: "0" }}
              >
                <Stack gap="0">
                  <Text fontWeight="medium">{formatLongDate(invoice.created)}</Text>
                  {invoice.number ? (
                    <Text fontSize="sm" color="fg.muted">
                      Invoice {invoice.number}
                    </Text>
                  ) : null}
                </Stack>
                <HStack gap="4" wrap="wrap" justify="flex-end">
                  <Text fontWeight="semibold">{formatCents(invoice.total, invoice.currency)}</Text>
                  <KindBadge kind={invoiceBadge(invoice.status)}>
                    {statusText(invoice.status ?? "unknown")}
                  </KindBadge>
                  {invoice.hostedInvoiceUrl ? (
                    <Link
                      href={invoice.hostedInvoiceUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      fontSize="sm"
                      colorPalette="brand"
                    >
                      View <ExternalLink size={14} aria-hidden />
                    </Link>
                  ) : null}
                  {invoice.invoicePdf ? (
                    <Link
                      href={invoice.invoicePdf}
                      target="_blank"
                      rel="noopener noreferrer"
                      fontSize="sm"
                      colorPalette="brand"
                      aria-label={`Download invoice ${invoice.number ?? ""} as PDF`}
                    >
                      PDF <Download size={14} aria-hidden />
                    </Link>
                  ) : null}
                </HStack>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
