/**
 * The local browser function's process (browser-process.ts starts it): it runs the browser
 * function's handler for each invocation the parent passes over IPC, as Lambda would run it in
 * a container of its own. Its environment holds no AWS credential and no SST binding, so a page
 * that took Chromium over finds none here either (docs/security.md, "The audit browser").
 */
import { browserHandler } from "@portal/functions/routes";
import { createHandlerLoader } from "./lambda-runtime";

export type ChildRequest = { id: number; type: "invoke"; payload: string } | { type: "stop" };
export type ChildReply =
  | { id: number; ok: true; payload: string }
  | { id: number; ok: false; errorType: string; errorMessage: string };

const loader = createHandlerLoader();

function reply(message: ChildReply) {
  process.send?.(message);
}

async function invoke(id: number, payload: string) {
  try {
    const event: unknown = payload ? JSON.parse(payload) : {};
    const result = await loader.invoke(browserHandler, event);
    reply({ id, ok: true, payload: JSON.stringify(result ?? null) });
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    reply({ id, ok: false, errorType: err.name, errorMessage: err.message });
  }
}

async function stop() {
  // The same module instance the handler used: its Chromium closes with it.
  const { closeAuditBrowser } = await import("@portal/functions/workers/audit-browser");
  await closeAuditBrowser().catch(() => undefined);
  process.exit(0);
}

process.on("message", (message: ChildRequest) => {
  if (message.type === "invoke") void invoke(message.id, message.payload);
  else if (message.type === "stop") void stop();
});
// The parent went away without saying so: do not outlive it.
process.on("disconnect", () => void stop());
