/**
 * A customer's DNS zone, as their provider publishes it: a dns2 server on 127.0.0.1 answering
 * from records the test sets, for a stack whose resolver (DNS_RESOLVER) asks it over the wire
 * (docs/domains.md). An alias answers every question about its name, as a recursive resolver
 * answers an A question with the CNAME; a name with no records is NXDOMAIN.
 */
import dns2 from "dns2";
import { afterAll, beforeAll } from "vitest";

export interface ZoneRecords {
  cname?: string;
  a?: string[];
  txt?: string[];
}

/** A record as Add Domain answers it (docs/domains.md): to be published at the provider. */
export interface DnsRecord {
  type: string;
  host: string;
  value: string;
}

export interface DnsZone {
  /** host (lower case) → its records; edit it to publish or withdraw. */
  records: Map<string, ZoneRecords>;
  /** Where the stack's resolver asks: "127.0.0.1:<port>". */
  resolver: string;
  /** Publishes Add Domain's records as the customer would (a TXT is added beside others). */
  publish(records: readonly DnsRecord[]): void;
}

const { Packet } = dns2;
/** RFC 1035 response code "name error": the name does not exist (Packet.RCODE lacks a type). */
const NXDOMAIN = 3;
type Answer = ReturnType<typeof Packet.createResponseFromRequest>["answers"][number];
// dns2's types want encoder methods on answers; the packet encoder only reads these fields.
const answer = (fields: Record<string, unknown>) => fields as unknown as Answer;

/**
 * Call at the top of a test file, before the stack that asks it: the zone's server starts in a
 * beforeAll and stops after the file's tests. The answer gives the zone once it is up.
 */
export function useDnsZone(): () => DnsZone {
  const records = new Map<string, ZoneRecords>();
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const entry = records.get((question?.name ?? "").toLowerCase());
      if (!question || !entry) {
        response.header.rcode = NXDOMAIN;
        void send(response);
        return;
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
      if (entry.cname) {
        response.answers.push(answer({ ...base, type: Packet.TYPE.CNAME, domain: entry.cname }));
      } else if (question.type === Packet.TYPE.A) {
        for (const address of entry.a ?? []) {
          response.answers.push(answer({ ...base, type: Packet.TYPE.A, address }));
        }
      } else if (question.type === Packet.TYPE.TXT) {
        for (const data of entry.txt ?? []) {
          response.answers.push(answer({ ...base, type: Packet.TYPE.TXT, data }));
        }
      }
      void send(response);
    },
  });
  let zone: DnsZone | undefined;
  beforeAll(async () => {
    const { udp } = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
    if (!udp) throw new Error("the DNS server did not listen on UDP");
    zone = {
      records,
      resolver: `127.0.0.1:${udp.port}`,
      publish(published) {
        for (const record of published) {
          const entry = records.get(record.host) ?? {};
          if (record.type === "CNAME") entry.cname = record.value;
          if (record.type === "A") entry.a = [record.value];
          if (record.type === "TXT") entry.txt = [...(entry.txt ?? []), record.value];
          records.set(record.host, entry);
        }
      },
    };
  });
  afterAll(async () => {
    await server.close();
  });
  return () => {
    if (!zone) throw new Error("The DNS zone is up only in hooks and tests, after beforeAll");
    return zone;
  };
}
