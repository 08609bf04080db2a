/**
 * `npm run staff -- add someone@example.com`: makes an account of the running local stack a
 * member of the provider's team (the local stand-in for setting Clerk's publicMetadata.role).
 * The account must exist (sign up first); the person signs in again to get a staff token.
 * It asks the running stack, with the admin token the stack wrote into its data folder.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ADMIN_TOKEN_FILE, devIdentityDir } from "./dev-identity-store";

if (existsSync(".env")) process.loadEnvFile(".env");
const [command, email] = process.argv.slice(2);
if (command !== "add" || !email) {
  console.error("Usage: npm run staff -- add someone@example.com");
  process.exit(2);
}
const dataDir = process.env.DATA_DIR || ".data";
const port = process.env.PORT || "3000";
const host = process.env.HOST || "127.0.0.1";
const tokenFile = path.join(devIdentityDir(dataDir), ADMIN_TOKEN_FILE);
if (!existsSync(tokenFile)) {
  console.error(`No local stack data in ${dataDir}: start it with npm start first.`);
  process.exit(1);
}
const token = (await readFile(tokenFile, "utf8")).trim();
const answer = await fetch(`http://${host}:${port}/dev-identity/admin/staff`, {
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify({ email }),
}).catch(() => undefined);
if (!answer) {
  console.error(`The local stack is not answering on ${host}:${port}: start it with npm start.`);
  process.exit(1);
}
if (!answer.ok) {
  console.error(`Refused (${answer.status}): ${await answer.text()}`);
  process.exit(1);
}
console.log(`${email} is staff now. Sign out and in again, then open /staff.`);
