// The dashboard's data, present at first render in every app (no network).
export const user = { firstName: "Maria", lastName: "Bench", email: "maria@example.com" };

export const navItems = [
  { to: "/dashboard", label: "Overview" },
  { to: "/manage", label: "My Sites", badge: 3 },
  { to: "/analytics", label: "Analytics" },
  { to: "/seo-checker", label: "SEO Checker" },
  { to: "/performance", label: "Performance" },
  { to: "/site-settings", label: "Site Settings" },
  { to: "/support", label: "Support", badge: 2 },
  { to: "/billing", label: "Billing" },
];

export const stats = [
  { label: "Active Sites", value: "2", icon: "G" },
  { label: "Avg Performance", value: "87%", icon: "P" },
  { label: "Open Tickets", value: "2", icon: "T" },
  { label: "Days Active", value: "42", icon: "D" },
];

export const sites = [
  {
    id: "s1",
    name: "Sunrise Bakery",
    url: "https://sunrise-bakery.example",
    status: "Live",
    palette: "green",
    updated: "12 March 2026",
    score: "92",
  },
  {
    id: "s2",
    name: "Corner Florist",
    url: "https://corner-florist.example",
    status: "Live",
    palette: "green",
    updated: "9 March 2026",
    score: "78",
  },
  {
    id: "s3",
    name: "Harbour Garage",
    url: null,
    status: "In development",
    palette: "blue",
    updated: "2 March 2026",
    score: "--",
  },
];

export const activities = [
  { id: "a1", kind: "green", description: "Sunrise Bakery was deployed", date: "12 March 2026" },
  { id: "a2", kind: "blue", description: "Ticket created: Menu update", date: "11 March 2026" },
  { id: "a3", kind: "gray", description: "Site updated (day 3)", date: "10 March 2026" },
  { id: "a4", kind: "purple", description: "Harbour Garage was requested", date: "2 March 2026" },
  { id: "a5", kind: "gray", description: "Site updated (day 1)", date: "1 March 2026" },
];

export const tickets = [
  { id: "t-4f2a91", title: "Menu update", ref: "#4F2A91", status: "Open", palette: "blue" },
  {
    id: "t-77bc02",
    title: "New photos for the gallery",
    ref: "#77BC02",
    status: "Open",
    palette: "blue",
  },
  { id: "t-09de3c", title: "Opening hours", ref: "#09DE3C", status: "Resolved", palette: "green" },
];
