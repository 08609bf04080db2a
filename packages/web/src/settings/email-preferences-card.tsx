/**
 * The e-mail toggles on /settings (docs/notifications.md): notifications about sites and
 * tickets, and marketing. Billing mails are always sent; the card says so.
 */
import { Card, Heading, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { currentUserKey, currentUserQuery } from "../api/current-user";
import { SettingSwitch } from "../ui/setting-switch";
import { toast } from "../ui/toaster";
import { updateEmailPreferences } from "./queries";

const PREFERENCES = [
  {
    name: "emailNotifications",
    label: "Email notifications",
    help: "When your website goes live or changes status, a custom domain is verified, or our team answers a support ticket.",
  },
  {
    name: "monthlyReport",
    label: "Monthly report",
    help: "On the first of each month, how each of your websites did: uptime, visitors, speed and our work.",
  },
  {
    name: "marketingEmails",
    label: "Marketing emails",
    help: "News about our services and offers.",
  },
] as const;

export function EmailPreferencesCard() {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery(true));
  const mutation = useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserKey, updated);
      toast({ title: "Email preferences saved" });
    },
    onError: () =>
      toast({
        title: "Your email preferences were not saved",
        description: "Please try again.",
        variant: "destructive",
      }),
  });

  return (
    <Card.Root mb="6">
      <Card.Header>
        <Heading size="md">Email preferences</Heading>
        <Text fontSize="sm" color="fg.muted">
          Emails about billing (a failed payment, a subscription about to end) are always sent.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {PREFERENCES.map(({ name, label, help }) => (
            <SettingSwitch
              key={name}
              label={label}
              help={help}
              checked={user?.[name] ?? false}
              disabled={!user || mutation.isPending}
              onCheckedChange={(checked) => mutation.mutate({ [name]: checked })}
            />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
