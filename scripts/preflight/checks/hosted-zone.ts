/**
 * The portal's hosted zone, when the stage names one (PORTAL_HOSTED_ZONE; docs/operations.md
 * "Custom domain"): the deploy makes the certificate and the alias record in that Route 53
 * zone, which only works if the domain is delegated to it. The zone's own name servers
 * (GetHostedZone's delegation set) must be the ones a public lookup of the domain's NS finds:
 * otherwise ACM's DNS validation never completes and the deploy waits until it times out.
 */
import { resolveNs } from "node:dns/promises";
import { GetHostedZoneCommand, ListHostedZonesByNameCommand } from "@aws-sdk/client-route-53";
import { type Check, errorText, fail, ok, setting } from "../check";

const bare = (name: string) => name.toLowerCase().replace(/\.$/, "");

export const hostedZoneCheck: Check = {
  name: "hosted zone",
  needs: ["aws-credentials", "settings", "hosted-zone"],
  after: ["aws", "settings"],
  async run(context) {
    const zone = bare(setting(context, "PORTAL_HOSTED_ZONE"));
    if (!zone) return ok("no PORTAL_HOSTED_ZONE (none, or a certificate of your own)");
    const { HostedZones = [] } = await context.clients.route53.send(
      new ListHostedZonesByNameCommand({ DNSName: zone }),
    );
    const found = HostedZones.find((z) => bare(z.Name ?? "") === zone && !z.Config?.PrivateZone);
    if (!found?.Id) {
      return fail(
        "hosted-zone",
        `no public Route 53 hosted zone ${zone} in this account: create it (Route 53, Hosted zones), then point the domain's registrar at its four name servers`,
      );
    }
    const { DelegationSet } = await context.clients.route53.send(
      new GetHostedZoneCommand({ Id: found.Id }),
    );
    const own = (DelegationSet?.NameServers ?? []).map(bare).sort();
    let published: string[];
    try {
      published = (await (context.resolveNs ?? resolveNs)(zone)).map(bare).sort();
    } catch (error) {
      return fail(
        "hosted-zone",
        `a public NS lookup of ${zone} finds nothing (${errorText(error)}): at the domain's registrar, set its name servers to the zone's: ${own.join(", ")}`,
      );
    }
    const missing = own.filter((ns) => !published.includes(ns));
    const foreign = published.filter((ns) => !own.includes(ns));
    if (missing.length > 0 || foreign.length > 0) {
      return fail(
        "hosted-zone",
        `${zone} is delegated to ${published.join(", ")}, not to its Route 53 zone (${own.join(", ")}): at the registrar, set the name servers to the zone's (a change can take up to two days to spread)`,
      );
    }
    return ok(`${zone} is delegated to its Route 53 zone (${own.length} name servers)`);
  },
};
