/** The SEO and Performance pages' toasts (docs/tools.md). */
import { toast } from "../ui/toaster";

export const ANALYSIS_FAILED_TEXT =
  "Failed to analyze the website. Please check the URL and try again.";

export function invalidUrlToast(): void {
  toast({
    title: "Invalid URL",
    description: "Please enter a valid website URL to analyze.",
    variant: "destructive",
  });
}

/** 'Analysis Failed' with the server's message when there is one (Performance), else the SEO text. */
export function analysisFailedToast(message?: string | null): void {
  toast({
    title: "Analysis Failed",
    description: message || ANALYSIS_FAILED_TEXT,
    variant: "destructive",
  });
}

export function invalidDataToast(): void {
  toast({
    title: "Analysis Error",
    description: "Received invalid data from server. Please try again.",
    variant: "destructive",
  });
}
