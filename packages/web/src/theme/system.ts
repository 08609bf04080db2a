/**
 * The portal's Chakra design system: Chakra's base preset, the slice of Chakra's default theme
 * the portal uses, and the brand palette.
 *
 * Why a slice: importing Chakra's `defaultConfig` also builds its `defaultSystem` at start-up
 * (a second, unused createSystem), and every colour palette and recipe costs start-up time
 * (Chakra's "Bundle Optimization" guide). A component whose recipe is not listed below renders
 * unstyled: add its recipe here when you first use it.
 */
import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxCardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  hoverCardSlotRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  markRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  popoverSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  sliderSlotRecipe,
  spinnerRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  timelineSlotRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from "@chakra-ui/react/theme";

/** Chakra's palettes the portal uses (status colours and neutrals); brand is added below. */
const PALETTES = ["gray", "red", "orange", "yellow", "green", "blue"];
const NEUTRALS = ["transparent", "current", "black", "white", "whiteAlpha", "blackAlpha"];

const pick = <V>(record: Record<string, V>, keys: string[]): Record<string, V> =>
  Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key)));

const chakraThemeSlice = defineConfig({
  preflight: true,
  cssVarsPrefix: "chakra",
  cssVarsRoot: ":where(html, .chakra-theme)",
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: pick(tokens.colors, [...NEUTRALS, ...PALETTES]) },
    semanticTokens: {
      ...semanticTokens,
      colors: pick(semanticTokens.colors, ["bg", "fg", "border", ...PALETTES]),
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      kbd: kbdRecipe,
      link: linkRecipe,
      mark: markRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      checkboxCard: checkboxCardSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      hoverCard: hoverCardSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      numberInput: numberInputSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      progressCircle: progressCircleSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      select: selectSlotRecipe,
      slider: sliderSlotRecipe,
      stat: statSlotRecipe,
      status: statusSlotRecipe,
      steps: stepsSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      timeline: timelineSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

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

// One merge: createSystem merges its configs itself (merging first made it twice, ~6 ms).
export const system = createSystem(defaultBaseConfig, chakraThemeSlice, config);
