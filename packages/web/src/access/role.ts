/**
 * What the signed-in person may do in the account the session acts in (docs/team.md, "Roles"),
 * from core's one role rule (`roleCovers`, core/access/roles.ts), so the SPA hides what the
 * server would refuse. The server decides anyway: this only keeps refusals off the screen.
 */
import { type Role, roleCovers } from "@portal/core/access/roles";
import { useAccess } from "./access-context";

/** A record without a role (not loaded yet) may do nothing that needs one. */
export function mayDo(user: { role?: Role } | null | undefined, need: Role): boolean {
  return !!user?.role && roleCovers(user.role, need);
}

/** Whether the current person's role covers `need` (the routes' own `role`). */
export function useMayDo(need: Role): boolean {
  return mayDo(useAccess().user, need);
}
