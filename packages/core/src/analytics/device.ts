/**
 * Device type from the User-Agent header (plus the snippet's screen class for one case the
 * header hides). Bots are recognised so that they are never counted: by the `isbot` package's
 * pattern, which its maintainers keep up with new crawlers, previews, monitors, headless
 * browsers and HTTP libraries. A browser-like user agent that does not say it is a bot is
 * counted like a person (no fingerprinting).
 */
import { isbot } from "isbot";
import type { DeviceType, ScreenClass } from "../contracts/analytics";

export type DeviceClass = DeviceType | "bot";

const TABLET = /ipad|tablet|kindle|silk\/|playbook|nexus (7|9|10)\b|sm-t\d|\btab\b/i;
const MOBILE =
  /mobi|iphone|ipod|windows phone|blackberry|bb10|opera mini|iemobile|android.+mobile/i;

/**
 * desktop, mobile, tablet or bot. An empty user agent is a bot: every browser sends one.
 *
 * iPadOS Safari asks for desktop pages and sends a Macintosh user agent; the screen class tells
 * it apart (a Mac's screen is wider than 1100 CSS pixels, an iPad's portrait width is not).
 */
export function classifyDevice(userAgent: string | undefined, screen?: ScreenClass): DeviceClass {
  const ua = (userAgent ?? "").trim();
  if (ua === "" || isbot(ua)) return "bot";
  if (TABLET.test(ua)) return "tablet";
  // Android phones say "Mobile"; Android tablets do not.
  if (/android/i.test(ua) && !/mobile/i.test(ua)) return "tablet";
  if (MOBILE.test(ua)) return "mobile";
  if (/macintosh/i.test(ua) && screen !== undefined && screen !== "desktop") return "tablet";
  return "desktop";
}
