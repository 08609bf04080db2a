/**
 * The API reference (docs/developer-api.md): the OpenAPI 3.1 document the build makes from the
 * routes' contracts (/openapi.json), shown route by route, after a short guide to keys and
 * to verifying webhook signatures.
 */
import { Badge, Box, Card, Code, Flex, Heading, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../shell/app-shell";
import { RecordStates } from "../ui/query-states";
import { type Operation, openApiQuery, type Schema } from "./queries";

const METHOD_COLORS: Record<string, string> = {
  get: "blue",
  post: "green",
  patch: "orange",
  put: "orange",
  delete: "red",
};
const ACCESS_TEXT = { read: "read key", write: "write key", none: "no API key" } as const;

const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// secret: "whsec_…" from Settings → Developer; body: the raw request body, as received.
export function verifyWebhook(secret, headers, body) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  // Refuse old (replayed) deliveries: more than 5 minutes off.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key)
    .update(\`\${id}.\${timestamp}.\${body}\`)
    .digest();
  // The header may hold several "v1,<base64>" signatures, separated by spaces.
  return headers["webhook-signature"].split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

function typeText(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeText).join(" | ");
  if (schema.type === "array") return `${typeText(schema.items)}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return schema.type ?? "any";
}

function Fields({ schema }: { schema: Schema }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    return <Code fontSize="xs">{typeText(schema)}</Code>;
  }
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="outline">
        <Table.Body>
          {properties.map(([name, property]) => (
            <Table.Row key={name}>
              <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
                {name}
                {schema.required?.includes(name) ? "" : "?"}
              </Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="xs" color="fg.muted">
                {typeText(property)}
                {property.type === "object" || property.items?.type === "object" ? " { … }" : ""}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function OperationCard({ method, path, op }: { method: string; path: string; op: Operation }) {
  const body = op.requestBody?.content["application/json"]?.schema;
  const [status, success] = Object.entries(op.responses)[0] ?? [];
  // A page or a script answers text, not JSON: say its media type instead of fields.
  const result = success?.content?.["application/json"]?.schema;
  const textType = result ? undefined : Object.keys(success?.content ?? {})[0];
  return (
    <Card.Root size="sm" data-testid="api-operation">
      <Card.Body>
        <Stack gap="3">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge
              colorPalette={METHOD_COLORS[method] ?? "gray"}
              textTransform="uppercase"
              fontFamily="mono"
            >
              {method}
            </Badge>
            <Code fontSize="sm" wordBreak="break-all" bg="transparent">
              {path}
            </Code>
            <Badge variant="outline">{ACCESS_TEXT[op["x-api-key-access"]]}</Badge>
          </Flex>
          <Text>{op.summary}</Text>
          <Text fontSize="xs" color="fg.muted">
            {op.description}
          </Text>
          {op.parameters.length > 0 ? (
            <Text fontSize="sm">
              Parameters:{" "}
              {op.parameters.map((p) => (
                <Code key={`${p.in}-${p.name}`} fontSize="xs" mr="1">
                  {p.in === "path" ? `{${p.name}}` : `?${p.name}`}
                </Code>
              ))}
            </Text>
          ) : null}
          {body ? (
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="medium">
                Request body
              </Text>
              <Fields schema={body} />
            </Stack>
          ) : null}
          {result ? (
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="medium">
                Response {status}
              </Text>
              <Fields schema={result.type === "array" && result.items ? result.items : result} />
            </Stack>
          ) : textType ? (
            <Text fontSize="sm">
              Response {status}: <Code fontSize="xs">{textType}</Code>
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function ApiReferencePage() {
  const doc = useQuery(openApiQuery());
  const groups = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(doc.data?.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? "api";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, op }]);
    }
  }

  return (
    <>
      <PageHeader title="API reference" />
      <Stack gap="6" maxW="4xl">
        <Card.Root id="authentication">
          <Card.Body>
            <Stack gap="3">
              <Heading size="md">Authentication</Heading>
              <Text>
                Create a key in Settings → Developer and send it with every request:{" "}
                <Code>Authorization: Bearer sk_…</Code>. A read key may call the GET routes; a write
                key also the others. Billing and key management only answer a signed-in portal
                session. A revoked or expired key gets 401.
              </Text>
              <Box as="pre" bg="bg.muted" borderRadius="md" p="3" fontSize="xs" overflowX="auto">
                {`curl ${window.location.origin}/api/sites \\\n  -H "Authorization: Bearer $PORTAL_API_KEY"`}
              </Box>
              <Text fontSize="sm" color="fg.muted">
                Errors are <Code>{`{ "error": { "code", "message", "fields"? } }`}</Code>. The whole
                document:{" "}
                <Link href="/openapi.json" color="brand.fg">
                  openapi.json
                </Link>{" "}
                (OpenAPI 3.1).
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root id="webhooks">
          <Card.Body>
            <Stack gap="3">
              <Heading size="md">Webhooks</Heading>
              <Text>
                Each delivery is a POST with a JSON body <Code>{`{ type, timestamp, data }`}</Code>{" "}
                and three headers (Standard Webhooks): <Code>webhook-id</Code> (the same on every
                retry: process each id once), <Code>webhook-timestamp</Code> (seconds) and{" "}
                <Code>webhook-signature</Code>, <Code>v1,</Code> and the base64 HMAC-SHA256 of{" "}
                <Code>id.timestamp.body</Code> under your endpoint's secret. Answer 2xx within 15
                seconds; anything else is retried after 30 s, 2, 8, 15 and 15 minutes. After 15
                failures in a row the endpoint is turned off and you are e-mailed.
              </Text>
              <Box
                as="pre"
                bg="bg.muted"
                borderRadius="md"
                p="3"
                fontSize="xs"
                overflowX="auto"
                data-testid="verify-example"
              >
                {VERIFY_EXAMPLE}
              </Box>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Heading size="md" id="routes">
          Routes
        </Heading>
        <RecordStates
          query={doc}
          loading="Loading the reference"
          failed="We couldn't load the reference."
        >
          {() =>
            [...groups].map(([tag, operations]) => (
              <Stack key={tag} gap="3">
                <Heading size="sm" textTransform="capitalize">
                  {tag}
                </Heading>
                {operations.map(({ method, path, op }) => (
                  <OperationCard key={`${method} ${path}`} method={method} path={path} op={op} />
                ))}
              </Stack>
            ))
          }
        </RecordStates>
      </Stack>
    </>
  );
}
