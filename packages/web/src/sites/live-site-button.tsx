/** A button that opens the live site in a new tab; disabled (same label) while there is none. */
import { Button } from "@chakra-ui/react";
import { ExternalLink } from "lucide-react";

export function LiveSiteButton({ href, label }: { href: string | null; label: string }) {
  if (!href) {
    return (
      <Button size="sm" variant="outline" disabled>
        <ExternalLink aria-hidden />
        {label}
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="outline">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden />
        {label}
      </a>
    </Button>
  );
}
