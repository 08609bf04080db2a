/** Lighthouse's texts (markdown links) and the compact tables of an audit's details. */
import { Link, Table, Text } from "@chakra-ui/react";
import type { LighthouseDetails } from "@portal/core/contracts/audits";
import { detailValue, markdownLinks } from "./display";

export function LighthouseText({ source }: { source: string }) {
  return (
    <Text color="fg.muted" fontSize="sm">
      {markdownLinks(source).map((part, i) =>
        "href" in part ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            // Inline, so a long link wraps with the sentence instead of taking a line of its own.
            display="inline"
          >
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

export function DetailsTable({ details }: { details: LighthouseDetails | null }) {
  if (!details || details.items.length === 0 || details.headings.length === 0) return null;
  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" mt="2" maxW="full">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {details.headings.map((h) => (
                <Table.ColumnHeader key={h.key} whiteSpace="nowrap">
                  {h.label || h.key}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {details.items.map((item, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
              <Table.Row key={row}>
                {details.headings.map((h) => {
                  const text = detailValue(item[h.key] ?? null, h.valueType);
                  return (
                    <Table.Cell
                      key={h.key}
                      maxW={h.valueType === "url" ? "xs" : undefined}
                      truncate={h.valueType === "url"}
                      title={text}
                      fontVariantNumeric="tabular-nums"
                    >
                      {text}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {details.moreItems > 0 ? (
        <Text fontSize="xs" color="fg.muted" mt="1">
          and {details.moreItems} more
        </Text>
      ) : null}
    </>
  );
}
