/** The names the local stack gives its resources, as SST would name them for stage "local". */
export const APP_NAME = "site-portal";
export const STAGE = "local";

/** The one DynamoDB table (the backup script opens it without starting the stack). */
export const localTableName = `${STAGE}-${APP_NAME}-Main`;
