/** The portal's own certificate, when the stage names one (PORTAL_CERTIFICATE_ARN). */
import { DescribeCertificateCommand } from "@aws-sdk/client-acm";
import { type Check, fail, ok, setting } from "../check";

function covers(name: string, host: string) {
  if (name === host) return true;
  return name.startsWith("*.") && host.slice(host.indexOf(".") + 1) === name.slice(2);
}

export const certificateCheck: Check = {
  name: "certificate",
  needs: ["aws-credentials", "settings"],
  after: ["aws", "settings"],
  async run(context) {
    const arn = setting(context, "PORTAL_CERTIFICATE_ARN");
    if (!arn) return ok("no PORTAL_CERTIFICATE_ARN (none, or issued from PORTAL_HOSTED_ZONE)");
    const domain = setting(context, "PORTAL_DOMAIN").toLowerCase();
    if (!domain) return fail("settings", "PORTAL_CERTIFICATE_ARN is set without PORTAL_DOMAIN");
    const { Certificate } = await context.clients.acm.send(
      new DescribeCertificateCommand({ CertificateArn: arn }),
    );
    const names = [Certificate?.DomainName, ...(Certificate?.SubjectAlternativeNames ?? [])]
      .filter((n): n is string => Boolean(n))
      .map((n) => n.toLowerCase());
    const problems = [
      Certificate?.Status === "ISSUED" ? "" : `is ${Certificate?.Status ?? "unknown"}, not ISSUED`,
      names.some((n) => covers(n, domain)) ? "" : `does not cover ${domain} (${names.join(", ")})`,
    ].filter(Boolean);
    if (problems.length > 0) return fail("settings", `${arn} ${problems.join("; ")}`);
    return ok(`${arn} issued for ${domain}`);
  },
};
