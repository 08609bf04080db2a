/** Polls `check` until it answers a value (not undefined), for at most `ms`; throws naming `what`. */
export async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
