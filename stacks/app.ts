/**
 * The SST app's name and home region (sst.config.ts), and the names SST v2 derives from them,
 * for the scripts that look up what a stage has deployed (`npm run preflight`, `npm run smoke`).
 */
export const APP_NAME = "site-portal";
export const APP_REGION = "us-east-1";

/** The CloudFormation stack SST v2 deploys a stack function as: `<stage>-<app>-<function>`. */
export function cloudFormationStackName(stage: string, stack: string): string {
  return `${stage}-${APP_NAME}-${stack}`;
}

/**
 * Where SST v2 keeps a `Config.Secret` in SSM (SecureString): the stage's own path, or, when the
 * stage has none, the app-wide fallback `npx sst secrets set --fallback` writes. Functions read
 * the stage's value first, then the fallback (sst/node/util).
 */
export function secretParameterPaths(stage: string, name: string) {
  return {
    stage: `/sst/${APP_NAME}/${stage}/Secret/${name}/value`,
    fallback: `/sst/${APP_NAME}/.fallback/Secret/${name}/value`,
  };
}
