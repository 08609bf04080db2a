/** GET /api/sites/{id}/reports: the months of the site's monthly care report, newest first. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api({ params: siteIdParamsSchema }, ({ actor, identity, params }) =>
  Reports.listMonths(reportViewer(actor, identity.userId), params.id),
);
