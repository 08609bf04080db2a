/**
 * Names and addresses left to the operator (docs/decisions.md). Set at build time through Vite env
 * variables; the defaults keep a fresh clone working.
 */
export const productName: string = import.meta.env.VITE_PRODUCT_NAME || "Site Portal";

/** Where the sales page's contact link writes to. */
export const contactEmail: string =
  import.meta.env.VITE_CONTACT_EMAIL || `support@${window.location.hostname}`;

/**
 * 'Schedule Free Consultation' target (docs/decisions.md, "Consultation link": a booking URL,
 * mailto by default).
 */
export const consultationUrl: string =
  import.meta.env.VITE_CONSULTATION_URL ||
  `mailto:${contactEmail}?subject=${encodeURIComponent("Free 15-minute consultation")}`;
