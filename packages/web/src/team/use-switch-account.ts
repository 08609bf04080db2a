/**
 * Puts the session in another account (docs/team.md, "Switching accounts"): the identity
 * provider's active organization changes (Clerk's `setActive`; locally the dev identity
 * provider's emulation), so every later token names that account; then every read is made
 * again, as nothing cached belonged to the new account.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { useIdentity } from "../identity/context";
import { toast } from "../ui/toaster";
import { accountsQuery, chooseAccount } from "./queries";
import { refusalOf } from "./refusals";

export function useSwitchAccount(): (organizationId: string | null) => Promise<void> {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  return useCallback(
    async (organizationId) => {
      await identity.setActiveOrganization(organizationId);
      // Active reads (the current user first) are made again at once, the rest dropped.
      queryClient.removeQueries({ type: "inactive" });
      await queryClient.resetQueries();
    },
    [identity, queryClient],
  );
}

/**
 * The person's accounts, and choosing one of them: the server checks the membership and names
 * the organization, the session moves there, and the dashboard opens with a toast naming it.
 */
export function useChooseAccount() {
  const accounts = useQuery(accountsQuery());
  const navigate = useNavigate();
  const switchAccount = useSwitchAccount();
  const choose = useMutation({
    mutationFn: chooseAccount,
    onSuccess: async (choice) => {
      const name = accounts.data?.accounts.find((a) => a.accountId === choice.accountId)?.name;
      await switchAccount(choice.organizationId);
      toast({ title: `You're working in ${name ?? "another account"}` });
      await navigate({ to: "/dashboard" });
    },
    onError: (error) =>
      toast({
        title: "The account was not switched",
        description: refusalOf(error),
        variant: "destructive",
      }),
  });
  return { accounts: accounts.data?.accounts ?? [], choose };
}
