/**
 * The routing entries' store (docs/hosting.md "Routing entries"): the CloudFront KeyValueStore
 * the viewer-request function reads, written through its API. Every write reads the store's
 * ETag first and sends it as If-Match; a write that raced another is retried with the new ETag.
 * Several keys go in one UpdateKeys call (a publish is one write, whatever the site's hosts).
 *
 * The API signs with SigV4A, here with the pure-JS signer (never aws-crt), given to the client
 * as its signer: its import-time registration lands in whichever copy of @smithy/signature-v4 it
 * resolves, which need not be the client's.
 * Its endpoint is derived from the store's ARN; the local stack's stand-in is reached through
 * AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE, used as given (the SDK's rules would put the
 * account id in front of its host).
 */
import {
  CloudFrontKeyValueStoreClient,
  ConflictException,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  ResourceNotFoundException,
  UpdateKeysCommand,
  ValidationException,
} from "@aws-sdk/client-cloudfront-keyvaluestore";
import { SignatureV4a } from "@aws-sdk/signature-v4a";
import { readBinding } from "./bindings";

/** The store's ARN, read at first use: a MissingBindingError naming the grant otherwise. */
const storeArn = () => readBinding("edgeRoutes");

/** The local stand-in's endpoint (AWS_ENDPOINT_URL_<service id>, as the SDK names it). */
export const LOCAL_ENDPOINT_VARIABLE = "AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE";

let client: CloudFrontKeyValueStoreClient | undefined;
function kvs(): CloudFrontKeyValueStoreClient {
  const local = process.env[LOCAL_ENDPOINT_VARIABLE];
  client ??= new CloudFrontKeyValueStoreClient({
    signerConstructor: SignatureV4a,
    ...(local ? { endpointProvider: () => ({ url: new URL(local) }) } : {}),
  });
  return client;
}

/** Attempts of one write when other writers keep changing the ETag under it. */
const ATTEMPTS = 5;

/** The store's limits, past which a write is refused (docs/hosting.md "Limits"). */
export class EdgeRoutesLimitError extends Error {}

/**
 * Puts and deletes keys in one conditional write. `put` maps a key to its value; `remove`
 * lists keys to delete (a key missing from the store is no error).
 */
export async function writeEntries(changes: {
  put?: Record<string, string>;
  remove?: string[];
}): Promise<void> {
  const puts = Object.entries(changes.put ?? {}).map(([Key, Value]) => ({ Key, Value }));
  let deletes = (changes.remove ?? []).map((Key) => ({ Key }));
  if (!puts.length && !deletes.length) return;
  const KvsARN = storeArn();
  for (let attempt = 1; ; attempt += 1) {
    const { ETag } = await kvs().send(new DescribeKeyValueStoreCommand({ KvsARN }));
    try {
      await kvs().send(
        new UpdateKeysCommand({
          KvsARN,
          IfMatch: ETag,
          ...(puts.length ? { Puts: puts } : {}),
          ...(deletes.length ? { Deletes: deletes } : {}),
        }),
      );
      return;
    } catch (error) {
      if (error instanceof ConflictException && attempt < ATTEMPTS) continue;
      if (error instanceof ResourceNotFoundException && deletes.length) {
        // A key to delete is already gone: delete only those still there.
        const present = await Promise.all(
          deletes.map(async (d) => ((await readEntry(d.Key)) === undefined ? null : d)),
        );
        deletes = present.filter((d) => d !== null);
        if (!puts.length && !deletes.length) return;
        continue;
      }
      if (error instanceof ValidationException) throw new EdgeRoutesLimitError(error.message);
      throw error;
    }
  }
}

/** One key's value, or undefined when the store has none. */
export async function readEntry(key: string): Promise<string | undefined> {
  try {
    const answer = await kvs().send(new GetKeyCommand({ KvsARN: storeArn(), Key: key }));
    return answer.Value;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}
