/**
 * The DNS records a custom domain needs (docs/domains.md): the records that point it at us and the
 * TXT record whose token proves the customer controls it (docs/domains.md), with what
 * verification found.
 */
import { Badge, Box, Code, Table, Text } from "@chakra-ui/react";
import type { DnsRecord, VerifyDomainResponse } from "@portal/core/contracts/sites";

type Check = VerifyDomainResponse["checks"][number];

export function DnsRecordsTable({
  records,
  checks,
}: {
  records: DnsRecord[];
  /** From the last Verify Domain, when it was for these records. */
  checks?: Check[];
}) {
  const checkFor = (record: DnsRecord) =>
    checks?.find((c) => c.type === record.type && c.host === record.host);
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label="DNS records">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Value</Table.ColumnHeader>
            {checks ? <Table.ColumnHeader>Status</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((record) => {
            const check = checkFor(record);
            return (
              <Table.Row key={`${record.type}-${record.name}`}>
                <Table.Cell fontWeight="semibold">
                  {record.type}
                  {record.type === "TXT" ? (
                    <Text fontSize="xs" fontWeight="normal" color="fg.muted">
                      Proves the domain is yours
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <Code>{record.name}</Code>
                </Table.Cell>
                <Table.Cell>
                  <Code wordBreak="break-all">{record.value}</Code>
                </Table.Cell>
                {checks ? (
                  <Table.Cell>
                    {check?.ok ? (
                      <Badge colorPalette="green">Found</Badge>
                    ) : check && check.found.length > 0 ? (
                      <Text fontSize="xs" color="fg.muted">
                        <Badge colorPalette="red" me="1">
                          Wrong value
                        </Badge>
                        {check.found.join(", ")}
                      </Text>
                    ) : (
                      <Badge colorPalette="yellow">Not found</Badge>
                    )}
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
