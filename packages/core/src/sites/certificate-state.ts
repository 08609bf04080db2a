/**
 * A custom domain's certificate on the hosting, in words (docs/hosting.md "Custom domains over
 * HTTPS"): the one place its texts live. The state and its detail are kept on the site
 * (`certificateState`, `certificateDetail`, written by hosting/custom-domains.ts); the domain
 * panel shows what this answers.
 */
import type { CertificateState } from "../db/entities/hosting-tenant";

export type { CertificateState };

/** Why a certificate failed, as custom-domains.ts records it in the detail. */
export const CERTIFICATE_FAILURES = {
  "validation-timed-out":
    "The certificate could not be issued: the names did not point at our hosting within 72 hours. Check the DNS records below, then remove the domain and add it again.",
  revoked: "The certificate was revoked. Remove the domain and add it again to request a new one.",
  expired:
    "The certificate expired without being renewed. Check that the DNS records below still point at our hosting, then remove the domain and add it again.",
  failed:
    "The certificate authority refused the request. If your DNS has CAA records, allow amazon.com to issue certificates, then remove the domain and add it again.",
  limit:
    "This domain cannot be connected right now: the hosting has reached its limit of custom domains. Our team has been told.",
  taken:
    "This domain is still connected to other hosting at our provider. Our team has been told; nothing for you to do.",
} as const;
export type CertificateFailure = keyof typeof CERTIFICATE_FAILURES;

export interface CertificateView {
  state: CertificateState;
  message: string;
}

/**
 * The words for a state. `detail`: for `waiting_dns` the names (comma-separated) that do not
 * point at us yet; for `failed` one of CERTIFICATE_FAILURES' keys.
 */
export function certificateView(
  domain: string,
  state: CertificateState,
  detail: string | undefined,
  cnameTarget: string,
): CertificateView {
  switch (state) {
    case "waiting_dns": {
      const names = (detail ?? domain).split(",").filter(Boolean);
      return {
        state,
        message: `Waiting for DNS: point ${names.join(" and ")} at ${cnameTarget} (the records below). The certificate is issued a few minutes after that.`,
      };
    }
    case "issuing":
      return {
        state,
        message: `Issuing the certificate for ${domain}: your DNS is right, nothing to do. This usually takes a few minutes.`,
      };
    case "active":
      return { state, message: `Secure: ${domain} is served over HTTPS.` };
    case "failed":
      return {
        state,
        message:
          CERTIFICATE_FAILURES[(detail ?? "failed") as CertificateFailure] ??
          CERTIFICATE_FAILURES.failed,
      };
  }
}
