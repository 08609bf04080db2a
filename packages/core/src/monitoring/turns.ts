/**
 * The uptime run's workers shared out between customers (docs/monitoring.md, "Checks"): a few
 * workers check every live site, and one customer's sites take at most `perOwner` of them at
 * once. A customer whose servers answer slowly (or trickle their answers until the deadline)
 * waits on their own sites; every other customer's are checked meanwhile.
 */

export interface TurnOptions {
  /** Items worked on at once. */
  concurrency: number;
  /** Items of one owner worked on at once. */
  perOwner: number;
}

/**
 * Runs `work` on every item, at most `concurrency` at once and `perOwner` of one owner's at
 * once, taking each time the first item (in the given order) whose owner has room.
 */
export async function inTurns<T>(
  items: readonly T[],
  ownerOf: (item: T) => string,
  work: (item: T) => Promise<void>,
  options: TurnOptions,
): Promise<void> {
  const waiting = [...items];
  const busy = new Map<string, number>();
  let wake: (() => void)[] = [];
  const worker = async () => {
    while (waiting.length > 0) {
      const index = waiting.findIndex((item) => (busy.get(ownerOf(item)) ?? 0) < options.perOwner);
      if (index < 0) {
        // Every item left belongs to owners at their share: wait for one of theirs to end.
        await new Promise<void>((resolve) => wake.push(resolve));
        continue;
      }
      const [item] = waiting.splice(index, 1) as [T];
      const owner = ownerOf(item);
      busy.set(owner, (busy.get(owner) ?? 0) + 1);
      try {
        await work(item);
      } finally {
        busy.set(owner, (busy.get(owner) ?? 1) - 1);
        const woken = wake;
        wake = [];
        for (const resolve of woken) resolve();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
}
