/**
 * On /sales, for a signed-in person whose session is in an account without a plan (their own,
 * say) while they also work on other accounts (docs/team.md, "Switching accounts"): the way back
 * to those, since /sales has no user menu. Nothing shows for a person with one account.
 * Loaded only for a signed-in visitor (routes/sales.tsx), so the pre-rendered page never has it.
 */
import { Alert, Button, Flex } from "@chakra-ui/react";
import { useChooseAccount } from "./use-switch-account";

export default function OtherAccountsNotice() {
  const { accounts, choose } = useChooseAccount();
  const others = accounts.filter((account) => !account.current);
  if (others.length === 0) return null;
  return (
    <Alert.Root status="info" borderRadius="lg" data-testid="other-accounts">
      <Alert.Indicator />
      <Flex
        flex="1"
        gap="3"
        direction={{ base: "column", sm: "row" }}
        align={{ base: "flex-start", sm: "center" }}
        justify="space-between"
      >
        <Alert.Content>
          <Alert.Title>You also work on other accounts</Alert.Title>
          <Alert.Description>
            This account has no plan yet. Open an account you were invited to instead.
          </Alert.Description>
        </Alert.Content>
        <Flex gap="2" wrap="wrap">
          {others.map((account) => (
            <Button
              key={account.accountId}
              size="sm"
              colorPalette="brand"
              loading={choose.isPending && choose.variables === account.accountId}
              onClick={() => choose.mutate(account.accountId)}
            >
              Switch to {account.name}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Alert.Root>
  );
}
