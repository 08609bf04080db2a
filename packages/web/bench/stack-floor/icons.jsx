// Small inline SVG icons (lucide-style strokes), the same component in every app: the project's
// pages carry lucide icons in nav links, stat cards, buttons and activity items.
const SHAPES = {
  menu: ["M4 6h16", "M4 12h16", "M4 18h16"],
  home: ["M3 10l9-7 9 7", "M5 10v10h14V10", "M10 20v-6h4v6"],
  globe: ["M2 12h20", "M12 2a15 15 0 0 1 0 20", "M12 2a15 15 0 0 0 0 20"],
  chart: ["M3 3v18h18", "M8 17V9", "M13 17V5"],
  search: ["M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14", "M21 21l-4.3-4.3", "M11 8v6"],
  gauge: ["M12 14l4-4", "M3.3 19a10 10 0 1 1 17.4 0", "M12 14h.01"],
  settings: ["M20 7h-9", "M14 17H5", "M17 14a3 3 0 1 0 0 6a3 3 0 1 0 0-6"],
  lifebuoy: [
    "M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20",
    "M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8",
    "M4.9 4.9l4.3 4.3",
  ],
  card: ["M2 5h20v14H2z", "M2 10h20", "M6 15h4"],
  calendar: ["M3 4h18v18H3z", "M16 2v4", "M8 2v4"],
  upload: ["M4 20h16", "M12 16V4", "M7 9l5-5 5 5"],
  external: ["M15 3h6v6", "M10 14L21 3", "M18 13v6H5V6h6"],
  plus: ["M5 12h14", "M12 5v14", "M12 12h.01"],
  activity: ["M22 12h-4l-3 9L9 3l-3 9H2", "M2 20h20", "M2 4h2"],
};

export function Icon({ name, size = 18 }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {SHAPES[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const NAV_ICONS = [
  "home",
  "globe",
  "chart",
  "search",
  "gauge",
  "settings",
  "lifebuoy",
  "card",
];
export const STAT_ICONS = ["globe", "gauge", "lifebuoy", "calendar"];
