/** The region and credentials every local stand-in is reached with (nothing checks signatures). */
export const LOCAL_REGION = "us-east-1";
export const LOCAL_ACCOUNT_ID = "000000000000";
export const localCredentials = { accessKeyId: "local", secretAccessKey: "local" };
