/**
 * What the console's customer page shows for each site with a form: the deployments (upload,
 * publish, roll back), the review panel (post the next version) and the lifecycle (status and
 * URLs). With their form library they are a chunk
 * of their own that the route's loader starts downloading beside the customer's data, so the
 * page's own chunk stays small (docs/performance.md, "`signed-in`").
 */
export { DeploymentsPanel } from "../hosting/deployments-panel";
export { StaffReviewPanel } from "../review/staff-review-panel";
export { SiteLifecycle } from "./site-lifecycle";
