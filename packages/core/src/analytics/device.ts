/**
 * Device type from the User-Agent header (plus the snippet's screen class for one case the
 * header hides). Bots are recognised so that they are never counted.
 */
import type { DeviceType, ScreenClass } from "../contracts/analytics";

export type DeviceClass = DeviceType | "bot";

// Crawlers, link previews, monitors, headless browsers and HTTP libraries. Most say so in their
// user agent; a browser-like UA that does not is counted like a person (no fingerprinting).
// ("Cubot" is a phone brand, not a bot.)
const BOT =
  /(?<!cu)bot\b|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|skypeuripreview|vkshare|headlesschrome|phantomjs|lighthouse|pagespeed|gtmetrix|pingdom|uptime|statuscake|site24x7|monitor|preview|prerender|python|curl\/|wget\/|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy|feedfetcher|ahrefs|semrush|mj12|bingpreview|gptbot|chatgpt|claude|anthropic|perplexity|bytespider|ccbot/i;

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
  if (ua === "" || BOT.test(ua)) return "bot";
  if (TABLET.test(ua)) return "tablet";
  // Android phones say "Mobile"; Android tablets do not.
  if (/android/i.test(ua) && !/mobile/i.test(ua)) return "tablet";
  if (MOBILE.test(ua)) return "mobile";
  if (/macintosh/i.test(ua) && screen !== undefined && screen !== "desktop") return "tablet";
  return "desktop";
}
