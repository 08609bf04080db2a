/**
 * What the customer's Site Settings says of the hosting (docs/sites.md, "Hosting"): which
 * version is live and since when. Pure, so each rule has its unit test.
 */

/** The short name of a deployment, as the team's console shows it: its id's last 6 characters. */
export const versionRef = (deploymentId: string) => `#${deploymentId.slice(-6).toLowerCase()}`;
