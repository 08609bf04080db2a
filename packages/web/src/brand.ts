/**
 * Names and addresses left to the operator (docs/decisions.md). Set at build time through Vite env
 * variables; the defaults keep a fresh clone working.
 */
export const productName: string = import.meta.env.VITE_PRODUCT_NAME || "Site Portal";

/**
 * The host the portal is served from. The pre-rendered pages are made at build time, in Node,
 * with the host the deploy names (VITE_PUBLIC_HOST, from APP_URL) or the local stack's.
 */
const servedHost: string =
  typeof window === "undefined"
    ? import.meta.env.VITE_PUBLIC_HOST || "127.0.0.1"
    : window.location.hostname;

/** Where the sales page's contact link writes to. */
export const contactEmail: string = import.meta.env.VITE_CONTACT_EMAIL || `support@${servedHost}`;

/**
 * 'Schedule Free Consultation' target (docs/decisions.md, "Consultation link": a booking URL,
 * mailto by default).
 */
export const consultationUrl: string =
  import.meta.env.VITE_CONSULTATION_URL ||
  `mailto:${contactEmail}?subject=${encodeURIComponent("Free 15-minute consultation")}`;
