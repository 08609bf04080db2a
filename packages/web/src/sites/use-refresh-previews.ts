/**
 * Refreshing site previews (docs/sites.md, "Previews"). The API only queues the screenshot jobs
 * (a capture takes seconds in Chromium), so after the call the page re-reads the site list
 * until each queued site shows a newer lastScreenshotUpdate, and only then says the previews
 * were refreshed. Cards whose preview is on its way are listed in `pendingIds`.
 */
import type { Site } from "@portal/core/contracts/sites";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../api/api-error";
import { isUnauthorizedError } from "../api/client";
import { toast } from "../ui/toaster";
import { refreshAllScreenshots, refreshScreenshot, sitesQuery } from "./queries";
import { canCapture } from "./site-status";

/** How often the list is re-read while previews are being captured. */
const POLL_MS = 2000;
/** A job that fails is retried by the queue; past this the page stops waiting. */
const WAIT_MS = 90_000;

class PreviewsNotUpdated extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useRefreshPreviews() {
  const queryClient = useQueryClient();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mark = (ids: string[], on: boolean) =>
    setPendingIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  /** Re-reads the list until the sites show new screenshots; answers how many did. */
  async function waitForPreviews(sites: Site[]): Promise<number> {
    const before = new Map(sites.map((s) => [s.id, s.lastScreenshotUpdate]));
    const deadline = Date.now() + WAIT_MS;
    let updated = 0;
    while (Date.now() < deadline && mounted.current) {
      await sleep(POLL_MS);
      const fresh = await queryClient.fetchQuery({ ...sitesQuery(), staleTime: 0 });
      const done = fresh.filter(
        (s) =>
          before.has(s.id) && s.lastScreenshotUpdate && s.lastScreenshotUpdate !== before.get(s.id),
      );
      mark(
        done.map((s) => s.id),
        false,
      );
      updated = done.length;
      if (updated === sites.length) break;
    }
    return updated;
  }

  const all = useMutation({
    mutationFn: async () => {
      const current = queryClient.getQueryData(sitesQuery().queryKey) ?? [];
      const targets = current.filter(canCapture);
      mark(
        targets.map((s) => s.id),
        true,
      );
      try {
        const answer = await refreshAllScreenshots();
        if (!answer.success) throw new Error(answer.message);
        if (answer.refreshedCount === 0) return 0;
        const updated = await waitForPreviews(targets);
        if (updated === 0) throw new PreviewsNotUpdated();
        return updated;
      } finally {
        mark(
          targets.map((s) => s.id),
          false,
        );
      }
    },
    onSuccess: (count) => {
      toast({ title: "Screenshots Updated", description: `Refreshed ${count} site previews` });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return; // the shared 'Unauthorized' flow takes over
      toast({
        title: "Error",
        description: ApiError.from(error)?.detail ?? "Failed to refresh screenshots",
        variant: "destructive",
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sitesQuery().queryKey }),
  });

  const one = useMutation({
    mutationFn: async (site: Site) => {
      mark([site.id], true);
      try {
        await refreshScreenshot(site.id);
        if ((await waitForPreviews([site])) === 0) throw new PreviewsNotUpdated();
      } finally {
        mark([site.id], false);
      }
    },
    onSuccess: () => {
      toast({ title: "Screenshot Updated", description: "Site preview has been refreshed" });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Error",
        description: ApiError.from(error)?.detail ?? "Failed to update screenshot",
        variant: "destructive",
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sitesQuery().queryKey }),
  });

  return {
    refreshAll: () => all.mutate(),
    refreshingAll: all.isPending,
    refreshOne: (site: Site) => one.mutate(site),
    pendingIds,
  };
}
