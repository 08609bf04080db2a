/**
 * The owner's invitation form (docs/team.md): an e-mail address and a role, validated with the
 * route's own schema; what the server refuses (already a member, already invited) shows on the
 * field it is about, or as a toast.
 */
import { Box, Button, Flex } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { invitationCreateSchema } from "@portal/core/contracts/team";
import type * as z from "@portal/core/contracts/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { ApiError } from "../api/api-error";
import { SelectField, TextField } from "../ui/form-fields";
import { toast } from "../ui/toaster";
import { inviteMember, refreshTeam } from "./queries";
import { refusalOf } from "./refusals";
import { ROLE_CHOICES, ROLE_HELP } from "./role-labels";

type Input = z.input<typeof invitationCreateSchema>;
type Values = z.output<typeof invitationCreateSchema>;

export function InviteForm() {
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: "", role: "member" },
  });
  const role = form.watch("role") ?? "member";
  const invite = useMutation({
    mutationFn: inviteMember,
    onSuccess: async (_, input) => {
      form.reset({ email: "", role: input.role });
      await refreshTeam(queryClient);
      toast({
        title: "Invitation sent",
        description: `We e-mailed ${input.email} a link to join.`,
      });
    },
    onError: (error) => {
      const fields = ApiError.from(error)?.fields ?? {};
      const named = Object.entries(fields).filter(([name]) => name === "email" || name === "role");
      for (const [name, message] of named) {
        form.setError(name as keyof Input, { message });
      }
      if (named.length === 0) {
        toast({
          title: "The invitation was not sent",
          description: refusalOf(error),
          variant: "destructive",
        });
      }
    },
  });

  return (
    <form
      aria-label="Invite someone"
      noValidate
      onSubmit={form.handleSubmit((values) => invite.mutate(values))}
    >
      <Flex
        gap="3"
        align={{ base: "stretch", md: "flex-start" }}
        direction={{ base: "column", md: "row" }}
      >
        <Box flex="2">
          <TextField
            form={form}
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            placeholder="colleague@example.com"
            required
          />
        </Box>
        <Box flex="1">
          <SelectField
            form={form}
            name="role"
            label="Role"
            choices={ROLE_CHOICES}
            helper={ROLE_HELP[role]}
          />
        </Box>
        <Button
          type="submit"
          colorPalette="brand"
          mt={{ base: "0", md: "8" }}
          loading={invite.isPending}
          loadingText="Sending..."
        >
          <Send aria-hidden />
          Send invitation
        </Button>
      </Flex>
    </form>
  );
}
