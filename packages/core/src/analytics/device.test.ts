import { describe, expect, it } from "vitest";
import { classifyDevice } from "./device";

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  androidPhone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  cubotPhone:
    "Mozilla/5.0 (Linux; Android 13; CUBOT KingKong 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  iPadOld:
    "Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  kindle:
    "Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/537.36 (KHTML, like Gecko) Silk/3.68 like Chrome/39.0.2171.93 Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  googlebotSmartphone:
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  headless:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  lighthouse:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  curl: "curl/8.5.0",
  pythonRequests: "python-requests/2.32.3",
  gptbot:
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
  // Not on the hand-kept pattern this module had before it took isbot's list.
  yandex: "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  applebot:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  slackPreview: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  discord: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
  telegram: "TelegramBot (like TwitterBot)",
  googleInspection: "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)",
};

describe("device type from the user agent", () => {
  it.each([
    ["chromeWindows", "desktop"],
    ["safariMac", "desktop"],
    ["firefoxLinux", "desktop"],
    ["iPhone", "mobile"],
    ["androidPhone", "mobile"],
    ["cubotPhone", "mobile"],
    ["iPadOld", "tablet"],
    ["androidTablet", "tablet"],
    ["kindle", "tablet"],
    ["googlebot", "bot"],
    ["googlebotSmartphone", "bot"],
    ["bingbot", "bot"],
    ["headless", "bot"],
    ["lighthouse", "bot"],
    ["facebook", "bot"],
    ["curl", "bot"],
    ["pythonRequests", "bot"],
    ["gptbot", "bot"],
    ["yandex", "bot"],
    ["applebot", "bot"],
    ["slackPreview", "bot"],
    ["discord", "bot"],
    ["telegram", "bot"],
    ["googleInspection", "bot"],
  ] as const)("%s → %s", (name, want) => {
    expect(classifyDevice(UA[name])).toBe(want);
  });

  it("treats a missing or empty user agent as a bot", () => {
    expect(classifyDevice(undefined)).toBe("bot");
    expect(classifyDevice("  ")).toBe("bot");
  });

  it("tells iPadOS Safari (a Mac user agent) from a Mac by the screen class", () => {
    expect(classifyDevice(UA.safariMac, "tablet")).toBe("tablet");
    expect(classifyDevice(UA.safariMac, "desktop")).toBe("desktop");
    expect(classifyDevice(UA.safariMac)).toBe("desktop");
    // A narrow screen says nothing about a Windows PC.
    expect(classifyDevice(UA.chromeWindows, "tablet")).toBe("desktop");
  });
});
