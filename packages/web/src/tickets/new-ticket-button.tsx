/**
 * The Support Center's "New Ticket" button. Its dialog (new-ticket-dialog.tsx) is loaded when
 * first opened: its form library, validation and fields are not needed for the page to show
 * (docs/performance.md, "`signed-in`").
 */
import { Button } from "@chakra-ui/react";
import { Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";

const NewTicketDialog = lazy(() =>
  import("./new-ticket-dialog").then((m) => ({ default: m.NewTicketDialog })),
);

export function NewTicketButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button colorPalette="brand" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        New Ticket
      </Button>
      <Suspense fallback={null}>
        {open ? <NewTicketDialog onClose={() => setOpen(false)} /> : null}
      </Suspense>
    </>
  );
}
