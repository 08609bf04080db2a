/**
 * Billing History (docs/billing.md, "The Billing page"): invoices in US dollars, US long dates,
 * links.
 */
import { Card, Flex, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Download, ExternalLink } from "lucide-react";
import { formatLongDate, formatMoney } from "../ui/format";
import { invoiceBadge, statusText } from "./format";
import { BillingListStates } from "./list-states";
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
        <BillingListStates
          query={query}
          select={(data) => data.invoices}
          skeletonHeight="10"
          errorText="Failed to load billing history. Please refresh the page."
          emptyText="No billing history found."
        >
          {(items) => (
            <Stack as="ul" listStyleType="none" gap="0" aria-label="Invoices">
              {items.map((invoice) => (
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
                    <Text fontWeight="semibold">
                      {formatMoney(invoice.total, invoice.currency)}
                    </Text>
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
        </BillingListStates>
      </Card.Body>
    </Card.Root>
  );
}
