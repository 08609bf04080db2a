/**
 * Writes public/openapi.json, the document the API reference page shows (and customers'
 * tools can download), from the route table and the routes' contracts
 * (packages/functions/src/openapi.ts). Runs before every build, so it is never stale; it is
 * not committed.
 */
import { writeFile } from "node:fs/promises";
import { openApiDocument } from "@portal/functions/openapi-document";

const target = new URL("../public/openapi.json", import.meta.url);
await writeFile(target, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
