/**
 * What ElectroDB's client gets for `require("@aws-sdk/lib-dynamodb")` in a Lambda bundle
 * (stacks/bundling.ts DOCUMENT_CLIENT_PLUGIN): the ten document-client commands it sends, put
 * here by db/client.ts before any entity is made. This module imports nothing on purpose.
 * esbuild wraps every ES module that CommonJS code `require`s, and everything that module
 * imports, in a closure that keeps all of their code: required directly, the SDK's DynamoDB
 * client would keep every command and operation schema of the service (about 100 KB of each
 * table route's bundle and of its cold start, docs/performance.md "`cold`").
 */
export const electroDbCommands: Record<string, unknown> = {};
