/** How the SPA names the account roles (docs/team.md, "Roles"). */
import type { TeamRole } from "@portal/core/contracts/team";
import type { Choice } from "../ui/form-fields";

export const ROLE_LABELS: Record<TeamRole, string> = { owner: "Owner", member: "Member" };

/** The invitation form's choices, the usual one first. */
export const ROLE_CHOICES: Choice[] = [
  { value: "member", label: ROLE_LABELS.member },
  { value: "owner", label: ROLE_LABELS.owner },
];

/** What each role may do, in a line under the choice (core/access/roles.ts says it for the server). */
export const ROLE_HELP: Record<TeamRole, string> = {
  member: "Works on the sites, content, reviews and tickets.",
  owner: "Everything, billing, API keys and the team included.",
};
