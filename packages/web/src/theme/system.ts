/** The portal's Chakra design system: Chakra's defaults plus the brand palette and fonts. */
import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

const config = defineConfig({
  globalCss: {
    "html, body": { bg: "bg", color: "fg" },
  },
  theme: {
    keyframes: {
      // The welcome page's celebration: confetti falling and fading.
      confettiFall: {
        "0%": { transform: "translateY(-20vh) rotate(0deg)", opacity: "1" },
        "80%": { opacity: "1" },
        "100%": { transform: "translateY(70vh) rotate(540deg)", opacity: "0" },
      },
      popIn: {
        "0%": { transform: "scale(0.4)", opacity: "0" },
        "70%": { transform: "scale(1.1)", opacity: "1" },
        "100%": { transform: "scale(1)" },
      },
    },
    tokens: {
      colors: {
        brand: {
          50: { value: "#eef2ff" },
          100: { value: "#e0e7ff" },
          200: { value: "#c7d2fe" },
          300: { value: "#a5b4fc" },
          400: { value: "#818cf8" },
          500: { value: "#6366f1" },
          600: { value: "#4f46e5" },
          700: { value: "#4338ca" },
          800: { value: "#3730a3" },
          900: { value: "#312e81" },
          950: { value: "#1e1b4b" },
        },
      },
      fonts: {
        heading: {
          value:
            "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value:
            "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
      },
    },
    semanticTokens: {
      colors: {
        // The seven keys Chakra's recipes read when a component gets colorPalette="brand".
        // solid/fg use 700 so white-on-brand and brand-on-white both pass WCAG AA contrast.
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.500}" },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
