/**
 * Backups you can trust (docs/operations.md "Restoring the table"): prod's table keeps
 * point-in-time recovery and is kept when its construct goes, and a stage whose
 * RESTORED_TABLE_NAME names a restored table binds every function to that table instead of
 * creating one, with the same grants.
 */
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, test } from "vitest";
import { readDeploySettings, readRestoredTableName } from "../../stacks/Config";
import { Storage } from "../../stacks/Storage";
import { productionSettings, stackTemplates, synthesize } from "./synth";

const prodSettings = productionSettings;
const RESTORED = "prod-site-portal-Main-restored-20261126";

/** Every value the functions of all stacks get as the Main table's name binding. */
function tableNameBindings(templates: Map<string, Template>): unknown[] {
  const values: unknown[] = [];
  for (const template of templates.values()) {
    for (const fn of Object.values(template.findResources("AWS::Lambda::Function"))) {
      const variables = fn.Properties?.Environment?.Variables ?? {};
      if ("SST_Table_tableName_Main" in variables) values.push(variables.SST_Table_tableName_Main);
    }
  }
  return values;
}

describe("the table's backups", () => {
  let own: Awaited<ReturnType<typeof synthesize>>;
  beforeAll(async () => {
    own = await synthesize("prod", prodSettings);
  });

  test("prod's own table has point-in-time recovery and deletion protection", () => {
    own.template(Storage).hasResourceProperties("AWS::DynamoDB::Table", {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
  });

  test("a restored table named by RESTORED_TABLE_NAME is what every function is bound to", async () => {
    const { app, template } = await synthesize("prod", {
      ...prodSettings,
      RESTORED_TABLE_NAME: RESTORED,
    });
    // No table of its own: the stage neither creates nor could delete the restored one.
    expect(Object.keys(template(Storage).findResources("AWS::DynamoDB::Table"))).toEqual([]);
    const bindings = tableNameBindings(stackTemplates(app));
    expect(bindings.length).toBeGreaterThan(10);
    expect(new Set(bindings)).toEqual(new Set([RESTORED]));
    // The grants name the restored table (and its indexes).
    const policies = JSON.stringify(
      [...stackTemplates(app).values()].map((t) => t.findResources("AWS::IAM::Policy")),
    );
    expect(policies).toContain(`:table/${RESTORED}`);
  });

  test("without it, the functions are bound to the stage's own table", () => {
    const bindings = tableNameBindings(stackTemplates(own.app));
    expect(bindings.length).toBeGreaterThan(10);
    expect(bindings.every((value) => JSON.stringify(value).includes("Ref"))).toBe(true);
  });

  test("a name DynamoDB would refuse is refused before synthesis, naming the setting", () => {
    expect(readRestoredTableName("prod", {})).toBeUndefined();
    expect(readRestoredTableName("prod", { RESTORED_TABLE_NAME: ` ${RESTORED} ` })).toBe(RESTORED);
    for (const bad of ["ab", "my table", "arn:aws:dynamodb:us-east-1:1:table/x"]) {
      expect(() => readRestoredTableName("prod", { RESTORED_TABLE_NAME: bad })).toThrow(
        /RESTORED_TABLE_NAME must be a DynamoDB table name/,
      );
      expect(() =>
        readDeploySettings("prod", { ...prodSettings, RESTORED_TABLE_NAME: bad }),
      ).toThrow(/RESTORED_TABLE_NAME/);
    }
  });
});
