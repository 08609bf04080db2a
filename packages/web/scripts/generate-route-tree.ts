/**
 * Writes src/routeTree.gen.ts exactly as the Vite plugin would. The root `typecheck` script
 * runs this before `tsc -p packages/web/tsconfig.json`, so a clean clone typechecks without
 * a prior build.
 */

import { fileURLToPath } from "node:url";
import { Generator, getConfig } from "@tanstack/router-generator";
import { routeTreeConfig } from "../route-tree.config";

const root = fileURLToPath(new URL("..", import.meta.url));
const generator = new Generator({ config: getConfig(routeTreeConfig, root), root });
await generator.run();
