/**
 * The tracking script customers' pages load (GET /api/collect.js): about 1 KB, no cookie, no
 * storage, no identifier. It sends the site id, the path, the referring host (only on the
 * first page, only when it is another site) and a screen width class to /api/collect on the
 * origin it was loaded from, so the snippet works wherever the API is deployed.
 *
 * The request is a "simple" cross-origin POST (a text/plain string body), so browsers send it
 * without a CORS preflight and the API's CORS settings (the portal's origin only) do not stand
 * in the way; the page never reads the answer. fetch() with credentials "omit" comes first so
 * that no cookie of ours ever travels with a page view; sendBeacon (which always sends cookies)
 * is the fallback for browsers without fetch keepalive.
 *
 * The endpoint accepts a site's views only from pages on the site's hosts, by the request's
 * Origin header (docs/analytics.md). Browsers send one with every cross-origin POST, but the
 * Fetch standard has it written "null" when the request's referrer policy is no-referrer or
 * same-origin; the fetch sets its own policy so that a page's strict one does not apply.
 * sendBeacon cannot: on such a page, in browsers that follow the standard there, it sends
 * "null" and the view is refused.
 */
export const TRACKER_SCRIPT = `(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var site = script.getAttribute("data-site");
  if (!site) return;
  var endpoint = new URL("/api/collect", script.src).href;
  var lastPath = null;
  var first = true;

  function screenClass() {
    var w = (window.screen && window.screen.width) || 0;
    return w > 0 && w < 600 ? "mobile" : w > 0 && w < 1100 ? "tablet" : "desktop";
  }

  function referrerHost() {
    if (!first || !document.referrer) return "";
    try {
      var host = new URL(document.referrer).hostname;
      return host === location.hostname ? "" : host;
    } catch (e) {
      return "";
    }
  }

  function send() {
    var path = location.pathname;
    if (path === lastPath) return;
    lastPath = path;
    var body = JSON.stringify({ site: site, path: path, referrer: referrerHost(), screen: screenClass() });
    first = false;
    if (window.fetch) {
      try {
        fetch(endpoint, {
          method: "POST",
          body: body,
          mode: "no-cors",
          credentials: "omit",
          keepalive: true,
          // The endpoint checks the Origin header; a page whose own policy is no-referrer or
          // same-origin would otherwise send "Origin: null".
          referrerPolicy: "strict-origin-when-cross-origin"
        })
          .catch(function () {});
        return;
      } catch (e) {}
    }
    if (navigator.sendBeacon) navigator.sendBeacon(endpoint, body);
  }

  // Single-page sites change pages with history.pushState; count those too.
  var push = history.pushState;
  if (push) {
    history.pushState = function () {
      var result = push.apply(this, arguments);
      send();
      return result;
    };
    window.addEventListener("popstate", send);
  }

  // A page prerendered in the background counts once it is shown.
  if (document.visibilityState === "prerender") {
    document.addEventListener("visibilitychange", function shown() {
      if (document.visibilityState === "prerender") return;
      document.removeEventListener("visibilitychange", shown);
      send();
    });
  } else {
    send();
  }
})();
`;
