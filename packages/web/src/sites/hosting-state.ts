/**
 * What the customer's Site Settings says of the hosting (docs/sites.md, "Hosting"): which
 * version is live and since when, and the custom domain's certificate as a badge beside the
 * hosting's own words (packages/core/src/sites/certificate-state.ts). Pure, so each rule has
 * its unit test.
 */
import type { Site } from "@portal/core/contracts/sites";

type CertificateState = NonNullable<Site["certificate"]>["state"];

/** The certificate's badge: its state in a word or two, and its colour. */
export const CERTIFICATE_BADGES: Record<
  CertificateState,
  { label: string; palette: "yellow" | "blue" | "green" | "red" }
> = {
  waiting_dns: { label: "Waiting for DNS", palette: "yellow" },
  issuing: { label: "Issuing", palette: "blue" },
  active: { label: "Secure", palette: "green" },
  failed: { label: "Failed", palette: "red" },
};

/** The short name of a deployment, as the team's console shows it: its id's last 6 characters. */
export const versionRef = (deploymentId: string) => `#${deploymentId.slice(-6).toLowerCase()}`;
