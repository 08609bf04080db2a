/**
 * The team's written reason for taking a site live without the customer's approval of the
 * current review round (docs/sites.md, "Review and approval"): asked in the lifecycle's and the
 * publish's confirmations alike.
 */
import { Field, Textarea } from "@chakra-ui/react";

export function ApprovalOverrideField({
  review,
  value,
  onChange,
  error,
}: {
  review: { round: number } | null;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field.Root mt="4" required invalid={!!error}>
      <Field.Label>
        {review
          ? `The customer has not approved version ${review.round}. Why go live now?`
          : "The customer has not reviewed a draft. Why go live now?"}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea rows={3} value={value} onChange={(event) => onChange(event.target.value)} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      <Field.HelperText>Recorded in the audit log and sent to the customer.</Field.HelperText>
    </Field.Root>
  );
}
