import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { appContainer } from "./prerender/take-over";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A transition render is time-sliced: the first render yields to the browser between units
// of work instead of blocking the main thread in one long task.
startTransition(() => {
  createRoot(appContainer(root)).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
