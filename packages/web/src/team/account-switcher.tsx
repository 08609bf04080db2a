/**
 * The user menu's accounts (docs/team.md, "Switching accounts"), for a person who belongs to
 * more than one: each account with their role there, the session's one checked. Choosing
 * another asks the server for it (which checks the membership), makes its organization the
 * session's active one, and reads everything again on the dashboard. Nothing shows for a
 * person with one account.
 */
import { Badge, Menu, Text } from "@chakra-ui/react";
import { ROLE_LABELS } from "./role-labels";
import { useChooseAccount } from "./use-switch-account";

export function AccountSwitcher() {
  const { accounts: list, choose } = useChooseAccount();
  if (list.length < 2) return null;
  const current = list.find((account) => account.current)?.accountId ?? "";
  return (
    <>
      <Menu.Separator />
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel fontSize="xs" color="fg.muted">
          Accounts
        </Menu.ItemGroupLabel>
        <Menu.RadioItemGroup
          value={current}
          onValueChange={(details) => {
            if (details.value !== current) choose.mutate(details.value);
          }}
        >
          {list.map((account) => (
            <Menu.RadioItem key={account.accountId} value={account.accountId} maxW="64">
              <Text truncate flex="1" title={account.name}>
                {account.name}
              </Text>
              <Badge size="sm" variant="subtle">
                {ROLE_LABELS[account.role]}
              </Badge>
              <Menu.ItemIndicator />
            </Menu.RadioItem>
          ))}
        </Menu.RadioItemGroup>
      </Menu.ItemGroup>
    </>
  );
}
