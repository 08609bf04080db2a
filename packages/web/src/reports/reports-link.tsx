/** The way from a site's settings to its monthly reports (docs/reports.md). */
import { Button } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { FileText } from "lucide-react";

export function ReportsLink({ siteId }: { siteId: string }) {
  return (
    <Button asChild variant="outline" alignSelf="flex-start">
      <Link to="/sites/$siteId/reports" params={{ siteId }}>
        <FileText aria-hidden />
        Monthly reports
      </Link>
    </Button>
  );
}
