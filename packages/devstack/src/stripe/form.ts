/**
 * Stripe's request encoding: application/x-www-form-urlencoded with nested keys
 * (`a[b][c]=1`), indexed or empty-bracket arrays (`expand[0]=x`, `expand[]=x`), the shape the
 * `stripe` SDK and curl send. Values stay strings, as Stripe receives them.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `line_items[0][price]` → ["line_items", "0", "price"]; `expand[]` → ["expand", ""]. */
export function splitKey(key: string): string[] {
  const open = key.indexOf("[");
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^\]]*)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match.index !== consumed) break;
    parts.push(match[1] ?? "");
    consumed = pattern.lastIndex;
  }
  // A key that is not brackets all the way down is taken literally, as Rack/qs would.
  return consumed === rest.length ? parts : [key];
}

function isIndex(part: string) {
  return part === "" || /^\d+$/.test(part);
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  if (!text) return root;
  const params = new URLSearchParams(text);
  for (const [key, value] of params) {
    const parts = splitKey(key);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      const last = i === parts.length - 1;
      const nextIsIndex = !last && isIndex(parts[i + 1] as string);
      if (Array.isArray(node)) {
        const index = part === "" ? node.length : Number(part);
        if (last) node[index] = value;
        else {
          node[index] ??= nextIsIndex ? [] : {};
          node = node[index] as FormObject | FormValue[];
        }
      } else {
        if (last) node[part] = value;
        else {
          const existing = node[part];
          if (existing === undefined || typeof existing === "string") {
            node[part] = nextIsIndex ? [] : {};
          }
          node = node[part] as FormObject | FormValue[];
        }
      }
    }
  }
  return compact(root) as FormObject;
}

/** Indexed arrays with holes (`a[0]`, `a[2]`) close up, as Stripe reads them. */
function compact(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  }
  return value;
}
