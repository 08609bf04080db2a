/**
 * `validateSearch` for pages whose query is a few free strings (the console's filters). Route
 * options are not code-split, so this stays generic and tiny; each page checks the values it
 * reads against its own lists, in its own chunk.
 */
export function stringParams<K extends string>(
  keys: readonly K[],
): (search: Record<string, unknown>) => Partial<Record<K, string>> {
  return (search) => {
    const picked: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === "string" && value !== "") picked[key] = value;
    }
    return picked;
  };
}
