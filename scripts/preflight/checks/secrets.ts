/** Each secret present in SSM and well formed (the rules of ../secrets.ts). */
import { GetParameterCommand } from "@aws-sdk/client-ssm";
import { secretParameterPaths } from "../../../stacks/app";
import { type Check, type Context, errorName, fail, ok, wait } from "../check";
import { secretRules } from "../secrets";

async function readParameter(context: Context, name: string): Promise<string | undefined> {
  try {
    const answer = await context.clients.ssm.send(
      new GetParameterCommand({ Name: name, WithDecryption: true }),
    );
    return answer.Parameter?.Value;
  } catch (error) {
    if (errorName(error) === "ParameterNotFound") return undefined;
    throw error;
  }
}

export function secretCheck(name: string): Check {
  const rule = secretRules[name];
  return {
    name: `secret ${name}`,
    needs: ["aws-credentials", `secret:${name}`, ...(rule?.afterDeploy ? ["deploy"] : [])],
    after: ["aws"],
    provides: `secret:${name}`,
    async run(context) {
      if (!rule) {
        return fail(`secret:${name}`, "has no format rule in scripts/preflight/secrets.ts");
      }
      const paths = secretParameterPaths(context.stage, name);
      let path = paths.stage;
      let value = await readParameter(context, path);
      if (value === undefined) {
        path = paths.fallback;
        value = await readParameter(context, path);
      }
      if (value === undefined) {
        if (rule.afterDeploy && context.state.deployed === null) {
          return wait(`not set yet; it comes after the first deploy`);
        }
        return fail(
          `secret:${name}`,
          `not set (no ${paths.stage} in SSM): ${context.setSecretCommand(name)}`,
        );
      }
      const problem = rule.problem(value, {
        stage: context.stage,
        settings: context.state.settings,
      });
      if (problem) {
        return fail(`secret:${name}`, `${problem} (${path}): ${context.setSecretCommand(name)}`);
      }
      context.state.secrets.set(name, value);
      return ok(path === paths.stage ? "set" : `set (app-wide fallback ${path})`);
    },
  };
}
