/**
 * The monthly care report's reads and writes (docs/reports.md): a site's months, one month's
 * report, its PDF (rendered on request, then a presigned download), and the staff's note.
 */
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";

export const reportMonthsQuery = (siteId: string) => {
  const input = { params: { id: siteId } };
  return queryOptions({
    queryKey: apiKey("GET /api/sites/{id}/reports", input),
    queryFn: () => call("GET /api/sites/{id}/reports", input),
  });
};

export const reportQuery = (siteId: string, month: string) => {
  const input = { params: { id: siteId, month } };
  return queryOptions({
    queryKey: apiKey("GET /api/sites/{id}/reports/{month}", input),
    queryFn: () => call("GET /api/sites/{id}/reports/{month}", input),
  });
};

export const requestPdf = (siteId: string, month: string) =>
  call("POST /api/sites/{id}/reports/{month}/pdf", { params: { id: siteId, month } });

export const pdfDownload = (siteId: string, month: string) =>
  call("GET /api/sites/{id}/reports/{month}/pdf", { params: { id: siteId, month } });

export const staffReportsQuery = (userId: string) => {
  const input = { params: { userId } };
  return queryOptions({
    queryKey: apiKey("GET /api/staff/customers/{userId}/reports", input),
    queryFn: () => call("GET /api/staff/customers/{userId}/reports", input),
  });
};

export const saveReportNote = (userId: string, siteId: string, month: string, note: string) =>
  call("PUT /api/staff/customers/{userId}/sites/{siteId}/reports/{month}/note", {
    params: { userId, siteId, month },
    body: { note },
  });
