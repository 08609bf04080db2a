/**
 * Custom domains' distribution tenants on the hosting's multi-tenant distribution
 * (docs/hosting.md "Custom domains over HTTPS"), through the CloudFront API: create one with a
 * CloudFront-managed certificate, read it and its certificate, disable it, delete it. The
 * distribution and connection group come from the `hosting:tenants` grant's bindings. The local
 * stack answers the same calls (packages/devstack, AWS_ENDPOINT_URL_CLOUDFRONT).
 */
import {
  CloudFrontClient,
  CreateDistributionTenantCommand,
  DeleteDistributionTenantCommand,
  EntityAlreadyExists,
  EntityLimitExceeded,
  EntityNotFound,
  GetDistributionTenantCommand,
  GetManagedCertificateDetailsCommand,
  ResourceNotDisabled,
  UpdateDistributionTenantCommand,
} from "@aws-sdk/client-cloudfront";
import { parameter, readBinding } from "./bindings";

let client: CloudFrontClient | undefined;
const cloudFront = () => {
  // CloudFront's API is global, signed for us-east-1. The local stand-in by its variable.
  const local = process.env.AWS_ENDPOINT_URL_CLOUDFRONT;
  client ??= new CloudFrontClient({ region: "us-east-1", ...(local ? { endpoint: local } : {}) });
  return client;
};

/** The account has as many tenants as CloudFront allows (docs/hosting.md "Limits"). */
export class TenantLimitError extends Error {}
/** Another tenant of the account already holds one of the names (CNAMEAlreadyExists). */
export class TenantNameTakenError extends Error {}

export interface Tenant {
  id: string;
  enabled: boolean;
  /** CloudFront's deployment of the tenant's last change: `InProgress`, then `Deployed`. */
  status: string;
  etag: string;
}

export interface CertificateDetails {
  /** pending-validation | issued | inactive | expired | validation-timed-out | revoked | failed */
  status: string;
  /** The names ACM is still checking. */
  pending: string[];
}

/** A tenant's name: the domain (CloudFront's pattern allows letters, digits, `-` and `.`). */
export const tenantName = (domain: string) => domain;

/**
 * Makes the tenant for `domains` (the served name first) with a managed certificate whose HTTP
 * check CloudFront answers itself once the names point at it. An existing tenant of that name
 * (a retry after a crash) is read instead.
 */
export async function createTenant(domains: string[]): Promise<Tenant> {
  const [primary] = domains;
  if (!primary) throw new Error("A tenant needs a domain");
  try {
    const { DistributionTenant, ETag } = await cloudFront().send(
      new CreateDistributionTenantCommand({
        DistributionId: readBinding("hostingTenants"),
        ConnectionGroupId: parameter("HOSTING_CONNECTION_GROUP_ID") || undefined,
        Name: tenantName(primary),
        Domains: domains.map((Domain) => ({ Domain })),
        Enabled: true,
        ManagedCertificateRequest: {
          ValidationTokenHost: "cloudfront",
          PrimaryDomainName: primary,
          CertificateTransparencyLoggingPreference: "enabled",
        },
      }),
    );
    return toTenant(DistributionTenant, ETag);
  } catch (error) {
    if (error instanceof EntityAlreadyExists) {
      const existing = await getTenant(tenantName(primary));
      if (existing) return existing;
    }
    if (error instanceof EntityLimitExceeded) throw new TenantLimitError(error.message);
    if ((error as Error).name === "CNAMEAlreadyExists") {
      throw new TenantNameTakenError((error as Error).message);
    }
    throw error;
  }
}

function toTenant(
  tenant: { Id?: string; Enabled?: boolean; Status?: string } | undefined,
  etag: string | undefined,
): Tenant {
  if (!tenant?.Id || !etag) throw new Error("CloudFront answered a tenant without id or ETag");
  return {
    id: tenant.Id,
    enabled: tenant.Enabled !== false,
    status: tenant.Status ?? "InProgress",
    etag,
  };
}

/** The tenant by id or name, or null when it does not exist (any more). */
export async function getTenant(identifier: string): Promise<Tenant | null> {
  try {
    const { DistributionTenant, ETag } = await cloudFront().send(
      new GetDistributionTenantCommand({ Identifier: identifier }),
    );
    return toTenant(DistributionTenant, ETag);
  } catch (error) {
    if (error instanceof EntityNotFound) return null;
    throw error;
  }
}

/** Where the tenant's managed certificate stands, or null when the tenant is gone. */
export async function certificateDetails(identifier: string): Promise<CertificateDetails | null> {
  try {
    const { ManagedCertificateDetails: details } = await cloudFront().send(
      new GetManagedCertificateDetailsCommand({ Identifier: identifier }),
    );
    return {
      status: details?.CertificateStatus ?? "pending-validation",
      pending: (details?.ValidationTokenDetails ?? []).flatMap((d) => (d.Domain ? [d.Domain] : [])),
    };
  } catch (error) {
    if (error instanceof EntityNotFound) return null;
    throw error;
  }
}

/**
 * Takes the tenant down: disabled first (CloudFront deletes only a disabled tenant), deleted
 * once CloudFront has deployed that. Answers true when it is gone, false when the delete must
 * wait for the disable to deploy (the hourly check calls it again).
 */
export async function removeTenant(id: string): Promise<boolean> {
  let tenant = await getTenant(id);
  if (!tenant) return true;
  if (tenant.enabled) {
    const { DistributionTenant, ETag } = await cloudFront().send(
      new UpdateDistributionTenantCommand({ Id: id, IfMatch: tenant.etag, Enabled: false }),
    );
    tenant = toTenant(DistributionTenant, ETag);
  }
  if (tenant.status !== "Deployed") return false;
  try {
    await cloudFront().send(new DeleteDistributionTenantCommand({ Id: id, IfMatch: tenant.etag }));
    return true;
  } catch (error) {
    if (error instanceof EntityNotFound) return true;
    if (error instanceof ResourceNotDisabled) return false;
    throw error;
  }
}
