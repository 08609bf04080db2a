/**
 * The CloudFront API stand-in (docs/hosting.md "Custom domains over HTTPS"): the subset the
 * custom domains' adapter (core/adapters/hosting-tenants.ts) calls, in CloudFront's REST-XML
 * form, at `/__devstack/cloudfront` (AWS_ENDPOINT_URL_CLOUDFRONT): create, get, update (enable
 * or disable) and delete a distribution tenant, and its managed certificate's details. As on
 * AWS: names and domains are unique, writes need the tenant's ETag (If-Match), only a disabled
 * tenant whose change has deployed can be deleted. A certificate is issued once every name of
 * the tenant passes the domain's pointing check (docs/domains.md), the local stand-in for ACM's
 * HTTP validation through CloudFront. Tenants are kept in `.data/cloudfront-tenants.json`.
 */
import { randomBytes } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import type { LocalService } from "./services";

export const LOCAL_DISTRIBUTION_ID = "ELOCALSITES0001";
export const LOCAL_CONNECTION_GROUP_ID = "cg_localsites";
const NS = "http://cloudfront.amazonaws.com/doc/2020-05-31/";

interface StoredTenant {
  id: string;
  name: string;
  distributionId: string;
  connectionGroupId?: string;
  domains: string[];
  enabled: boolean;
  /** Answered InProgress once after each change, then Deployed, as CloudFront's rollout. */
  status: "InProgress" | "Deployed";
  etag: string;
  certificate: "pending-validation" | "issued";
  createdAt: string;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  // List items: DomainItem in the API reference; the SDK's serializer writes them as member.
  isArray: (name) => name === "DomainItem" || name === "member",
});
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  suppressEmptyNode: true,
});

const newEtag = () => `E${randomBytes(6).toString("hex").toUpperCase()}`;

function xml(res: ServerResponse, status: number, root: string, body: object, etag?: string) {
  res.writeHead(status, {
    "content-type": "text/xml",
    ...(etag ? { etag } : {}),
  });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [root]: { "@_xmlns": NS, ...body } })}`,
  );
}

function error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "text/xml", "x-amzn-errortype": code });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>local</RequestId></ErrorResponse>`,
  );
}

function tenantXml(tenant: StoredTenant) {
  return {
    Id: tenant.id,
    DistributionId: tenant.distributionId,
    Name: tenant.name,
    Arn: `arn:aws:cloudfront::000000000000:distribution-tenant/${tenant.id}`,
    Domains: {
      DomainResult: tenant.domains.map((Domain) => ({
        Domain,
        Status: tenant.enabled ? "active" : "inactive",
      })),
    },
    ...(tenant.connectionGroupId ? { ConnectionGroupId: tenant.connectionGroupId } : {}),
    CreatedTime: tenant.createdAt,
    LastModifiedTime: tenant.createdAt,
    Enabled: String(tenant.enabled),
    Status: tenant.status,
  };
}

/** Whether the name points at our hosting now, by the same check Verify Domain makes. */
async function pointsHere(name: string): Promise<boolean> {
  // Imported at first use: these read sst/node/config, which must not load before the stack
  // has set the handlers' environment (local-stack.ts).
  const [
    { dnsLookupsFromConfig },
    { checkRecords, dnsRecordsFor, pointsAtUs },
    { domainSettingsFromConfig },
  ] = await Promise.all([
    import("@portal/core/adapters/dns"),
    import("@portal/core/sites/domain-rules"),
    import("@portal/core/sites/domain-settings"),
  ]);
  try {
    const settings = domainSettingsFromConfig();
    const lookups = dnsLookupsFromConfig();
    const [cname, a] = await Promise.all([lookups.cname(name), lookups.a(name)]);
    const checks = checkRecords(dnsRecordsFor(name, settings), {
      cname: new Map([[name, cname]]),
      a: new Map([[name, a]]),
    });
    return pointsAtUs(name, checks);
  } catch {
    return false;
  }
}

export function cloudFrontTenantsService(): LocalService & {
  tenants(): readonly StoredTenant[];
} {
  let tenants: StoredTenant[] = [];
  let file: string | undefined;
  const save = async () => {
    if (!file) return;
    await writeFile(`${file}.tmp`, JSON.stringify(tenants));
    await rename(`${file}.tmp`, file);
  };
  const find = (identifier: string) =>
    tenants.find((t) => t.id === identifier || t.name === identifier);
  /** A read shows the last change deployed: the next change starts InProgress again. */
  const settle = async (tenant: StoredTenant) => {
    if (tenant.status === "InProgress") {
      tenant.status = "Deployed";
      await save();
    }
  };

  async function handle(req: IncomingMessage, res: ServerResponse, subPath: string, body: Buffer) {
    const match = /^\/2020-05-31\/(distribution-tenant|managed-certificate)(?:\/([^/]+))?$/.exec(
      subPath,
    );
    if (!match) return error(res, 404, "NotFound", `No CloudFront operation at ${subPath}`);
    const [, kind, rawId] = match;
    const identifier = rawId ? decodeURIComponent(rawId) : undefined;
    const ifMatch = req.headers["if-match"];

    if (kind === "distribution-tenant" && req.method === "POST" && !identifier) {
      const input = parser.parse(body.toString("utf8")).CreateDistributionTenantRequest ?? {};
      const domains: string[] = (input.Domains?.DomainItem ?? input.Domains?.member ?? []).map(
        (d: { Domain: string }) => d.Domain,
      );
      if (!input.Name || !input.DistributionId || domains.length === 0) {
        return error(res, 400, "InvalidArgument", "Name, DistributionId and Domains are required");
      }
      if (find(input.Name)) return error(res, 409, "EntityAlreadyExists", "Tenant name taken");
      if (tenants.some((t) => t.domains.some((d) => domains.includes(d)))) {
        return error(res, 409, "CNAMEAlreadyExists", "A domain belongs to another tenant");
      }
      const tenant: StoredTenant = {
        id: `dt_${randomBytes(12).toString("hex")}`,
        name: input.Name,
        distributionId: input.DistributionId,
        connectionGroupId: input.ConnectionGroupId,
        domains,
        enabled: input.Enabled !== "false",
        status: "InProgress",
        etag: newEtag(),
        certificate: "pending-validation",
        createdAt: new Date().toISOString(),
      };
      tenants.push(tenant);
      await save();
      return xml(res, 201, "DistributionTenant", tenantXml(tenant), tenant.etag);
    }

    const tenant = identifier ? find(identifier) : undefined;
    if (!tenant) return error(res, 404, "EntityNotFound", "No such distribution tenant");

    if (kind === "managed-certificate" && req.method === "GET") {
      if (tenant.certificate === "pending-validation") {
        const pointing = await Promise.all(tenant.domains.map(pointsHere));
        if (tenant.enabled && pointing.every(Boolean)) {
          tenant.certificate = "issued";
          await save();
        }
      }
      return xml(res, 200, "ManagedCertificateDetails", {
        CertificateArn: `arn:aws:acm:us-east-1:000000000000:certificate/${tenant.id}`,
        CertificateStatus: tenant.certificate,
        ValidationTokenHost: "cloudfront",
        ...(tenant.certificate === "pending-validation"
          ? {
              ValidationTokenDetails: {
                ValidationTokenDetail: tenant.domains.map((Domain) => ({ Domain })),
              },
            }
          : {}),
      });
    }
    if (kind !== "distribution-tenant") return error(res, 405, "InvalidArgument", "Not allowed");

    if (req.method === "GET") {
      const answer = xml(res, 200, "DistributionTenant", tenantXml(tenant), tenant.etag);
      await settle(tenant);
      return answer;
    }
    if (ifMatch !== tenant.etag) {
      return error(res, 412, "PreconditionFailed", "If-Match is not the tenant's ETag");
    }
    if (req.method === "PUT") {
      const input = parser.parse(body.toString("utf8")).UpdateDistributionTenantRequest ?? {};
      if (input.Enabled !== undefined) tenant.enabled = input.Enabled === "true";
      tenant.status = "InProgress";
      tenant.etag = newEtag();
      await save();
      return xml(res, 200, "DistributionTenant", tenantXml(tenant), tenant.etag);
    }
    if (req.method === "DELETE") {
      if (tenant.enabled || tenant.status !== "Deployed") {
        return error(res, 409, "ResourceNotDisabled", "Disable the tenant and wait for it");
      }
      tenants = tenants.filter((t) => t !== tenant);
      await save();
      res.writeHead(204).end();
      return;
    }
    return error(res, 405, "InvalidArgument", "Not allowed");
  }

  return {
    name: "cloudfront",
    tenants: () => tenants,
    async start({ dataDir, ephemeral, origins }) {
      file = ephemeral ? undefined : path.join(dataDir, "cloudfront-tenants.json");
      if (file) {
        try {
          tenants = JSON.parse(await readFile(file, "utf8"));
        } catch {
          tenants = [];
        }
      }
      const [origin = ""] = origins;
      return {
        env: {
          AWS_ENDPOINT_URL_CLOUDFRONT: `${origin}/__devstack/cloudfront`,
          SST_Parameter_value_HOSTING_DISTRIBUTION_ID: LOCAL_DISTRIBUTION_ID,
          SST_Parameter_value_HOSTING_CONNECTION_GROUP_ID: LOCAL_CONNECTION_GROUP_ID,
        },
        mount: { prefix: "/__devstack/cloudfront", handle, signedRequests: true },
      };
    },
  };
}
