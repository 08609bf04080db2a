/** A bought upgrade's progress, and the buttons that move it (started, then done). */
import { Badge, Button, HStack } from "@chakra-ui/react";
import type { StaffUpsell } from "@portal/core/contracts/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/api-error";
import { toast } from "../ui/toaster";
import { refreshConsole, updateUpsell } from "./queries";

const WORK_LABELS: Record<StaffUpsell["workStatus"], { label: string; palette: string }> = {
  not_started: { label: "Not started", palette: "orange" },
  started: { label: "In progress", palette: "blue" },
  done: { label: "Done", palette: "green" },
};

export function WorkStatusBadge({ upsell }: { upsell: StaffUpsell }) {
  if (!upsell.isPurchased) return <Badge variant="subtle">Offered</Badge>;
  const { label, palette } = WORK_LABELS[upsell.workStatus];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}

export function UpsellWorkButtons({ upsell }: { upsell: StaffUpsell }) {
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: (workStatus: "started" | "done") =>
      updateUpsell(upsell.userId, upsell.id, workStatus),
    onSuccess: () => refreshConsole(queryClient),
    onError: (error) =>
      toast({
        title: "The upgrade was not changed",
        description: ApiError.from(error)?.detail ?? "Please try again.",
        variant: "destructive",
      }),
  });
  if (!upsell.isPurchased || upsell.workStatus === "done") return null;
  const next = upsell.workStatus === "not_started" ? "started" : "done";
  return (
    <HStack>
      <Button
        size="sm"
        variant="outline"
        loading={move.isPending}
        onClick={() => move.mutate(next)}
        aria-label={`${next === "started" ? "Mark started" : "Mark done"}: ${upsell.title}${upsell.siteName ? ` for ${upsell.siteName}` : ""}`}
      >
        {next === "started" ? "Mark started" : "Mark done"}
      </Button>
    </HStack>
  );
}
