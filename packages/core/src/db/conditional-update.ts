/**
 * One UpdateItem on the main table under a condition, for the small counter items that live
 * outside ElectroDB's entities (developer/quota.ts, sites/domain-periods.ts) and for index keys
 * ElectroDB will not write (staff/customer-mail-backfill.ts): true when it was written, false
 * when the condition did not hold.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { documentClient, tableName } from "./client";
import { isConditionFailure } from "./errors";

export async function conditionalUpdate(input: {
  key: Record<string, string>;
  update: string;
  condition: string;
  /** Every name either expression may use ("#n" → attribute); only the used ones are sent. */
  names: Record<string, string>;
  values: Record<string, number | string>;
}): Promise<boolean> {
  const expressions = `${input.update} ${input.condition}`;
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: input.key,
        UpdateExpression: input.update,
        ConditionExpression: input.condition,
        // DynamoDB refuses names an expression does not use.
        ExpressionAttributeNames: Object.fromEntries(
          Object.entries(input.names).filter(([name]) => expressions.includes(name)),
        ),
        ExpressionAttributeValues: input.values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
