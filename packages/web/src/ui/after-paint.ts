/**
 * Waiting for what a page has drawn (docs/performance.md, "Seventh round"): work that is not
 * needed for the first sight of a page (a refresh, a list's secondary reads) starts once that
 * sight is on screen, so its requests and renders stay out of the largest paint's way.
 */

/** Runs `run` when the browser is next idle (at once after a frame where it has no idle time). */
export function whenIdle(run: () => void): void {
  const idle = window.requestIdleCallback ?? ((task: () => void) => window.setTimeout(task, 1));
  idle(run);
}

/**
 * Resolves once every image inside `root` has loaded (or failed) and a frame with them has
 * been painted. The images must be loading now (not `loading="lazy"` out of view).
 */
export async function imagesPainted(root: Element | null): Promise<void> {
  const images = root ? Array.from(root.querySelectorAll("img")) : [];
  await Promise.all(
    images
      .filter((image) => !image.complete)
      .map(
        (image) =>
          new Promise<void>((resolve) => {
            image.addEventListener("load", () => resolve(), { once: true });
            image.addEventListener("error", () => resolve(), { once: true });
          }),
      ),
  );
  // A task after the next frame: that frame, with the images, has been painted.
  await new Promise<void>((resolve) =>
    window.requestAnimationFrame(() => window.setTimeout(resolve, 0)),
  );
}
