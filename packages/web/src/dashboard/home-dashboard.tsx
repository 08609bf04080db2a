import { AppShell } from "../shell/app-shell";
import { DashboardPage } from "./dashboard-page";

/** The dashboard as shown at "/" to customers (outside the /_portal layout route). */
export default function HomeDashboard() {
  return (
    <AppShell>
      <DashboardPage />
    </AppShell>
  );
}
