/**
 * How SST bundles the app's Lambda functions (sst.config.ts's default `nodejs` props), and the
 * same build run offline for the bench and the bundle-size test: SST's own esbuild (the version
 * sst depends on, not the workspace's), with the options SST v2's node handler passes in deploy
 * mode (sst/runtime/handlers/node.js). docs/performance.md has the figures and the budget.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FunctionProps } from "sst/constructs";
import { REPO_ROOT } from "./repo-root";

/** An esbuild plugin as the esbuild SST runs takes it (its version, not the workspace's). */
type Plugin = NonNullable<
  NonNullable<NonNullable<FunctionProps["nodejs"]>["esbuild"]>["plugins"]
>[number];

/**
 * The AWS SDK's credential providers other than the environment's, which the SDK loads with
 * `import()` only when the environment holds no credentials. Lambda always sets them, so these
 * never run there; left out, they take about 500 KB (their STS, SSO and SSO-OIDC clients) out
 * of every bundle. Were one ever reached, the runtime's own SDK would answer the import.
 */
export const UNUSED_CREDENTIAL_PROVIDERS = [
  "@aws-sdk/credential-provider-ini",
  "@aws-sdk/credential-provider-sso",
  "@aws-sdk/credential-provider-web-identity",
  "@aws-sdk/credential-provider-process",
  "@aws-sdk/credential-provider-http",
  "@smithy/credential-provider-imds",
];

/**
 * SST's own SSM client, which `sst/node/config` uses at a cold start to fetch the secrets a
 * function binds, and nothing else does. sst pins an older SDK than ours, so bundling it brings
 * a second SDK core (about 300 KB); the Lambda Node.js runtime ships the SDK, client-ssm
 * included, and answers the import. Our own code never calls SSM.
 */
export const RUNTIME_SDK_CLIENTS = ["@aws-sdk/client-ssm"];

const repoRoot = REPO_ROOT;

/** Where db/client.ts puts the commands ElectroDB's client sends (electrodb-commands.ts). */
export const ELECTRODB_COMMANDS_MODULE = path.join(
  repoRoot,
  "packages/core/src/db/electrodb-commands.ts",
);

/**
 * The DynamoDB commands as the table routes need them (docs/performance.md "`cold`"):
 * ElectroDB is CommonJS and `require`s `@aws-sdk/lib-dynamodb`. esbuild keeps all the code
 * of an ES module that CommonJS requires, and of everything it imports: the SDK's DynamoDB
 * client with every command and operation schema. ElectroDB gets a module that imports nothing
 * instead, the object db/client.ts fills with the commands its client sends
 * (packages/core/src/db/electrodb-commands.ts). About 58 KB less in every table route.
 */
export const DOCUMENT_CLIENT_PLUGIN: Plugin = {
  name: "document-client",
  setup(build) {
    build.onResolve({ filter: /^@aws-sdk\/lib-dynamodb$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]electrodb[\\/]/.test(importer)
        ? { path: "electrodb-commands", namespace: "document-client" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "document-client" }, () => ({
      contents: `module.exports = require(${JSON.stringify(ELECTRODB_COMMANDS_MODULE)}).electroDbCommands;`,
      loader: "js",
      resolveDir: repoRoot,
    }));
  },
};

/**
 * Minified ESM: smaller bundles load faster on a cold start. The AWS SDK clients our code calls
 * are bundled rather than taken from the runtime, so the version we test is the version we run.
 */
export const NODEJS_BUNDLING = {
  format: "esm",
  minify: true,
  esbuild: {
    external: [...UNUSED_CREDENTIAL_PROVIDERS, ...RUNTIME_SDK_CLIENTS],
    plugins: [DOCUMENT_CLIENT_PLUGIN],
  },
} as const satisfies FunctionProps["nodejs"];

/** What a Lambda bundle may weigh (minified, before zipping): every API handler stays under. */
export const BUNDLE_BUDGET_BYTES = 1024 * 1024;

/**
 * Routes that need little and must stay small, each under a budget of its own: the tracking
 * script is loaded by customers' visitors, and its handler has no table, verifier or SDK
 * (docs/performance.md "`cold`").
 */
export const ROUTE_BUNDLE_BUDGETS: Readonly<Record<string, number>> = {
  "GET /api/collect.js": 150 * 1024,
};

/** A route's budget: its own, else BUNDLE_BUDGET_BYTES. */
export function routeBundleBudget(routeKey: string): number {
  return ROUTE_BUNDLE_BUDGETS[routeKey] ?? BUNDLE_BUDGET_BYTES;
}

/**
 * The median of the API routes' bundles may not grow past this: 591 KB when it was set, 616 KB
 * once every route carried its contract, 614 KiB with the Idempotency-Key module in every
 * signed-in route and the actor's account and role, 616 KiB with the team's routes, 619.5 KiB
 * with the restore's tombstones, 631 KiB once the console's owner appointment (a route carrying
 * the identity provider's client) moved the median up one place (docs/performance.md "What
 * grew"). The aim is 400 KB; a
 * route that reads the table carries ElectroDB (194 KB) and the SDK's DynamoDB client with its
 * core (about 190 KB) before a line of ours, so the aim needs another data layer
 * (docs/performance.md "`cold`").
 */
export const MEDIAN_BUNDLE_BUDGET_BYTES = 631 * 1024;

/** The esbuild that sst itself runs (its own dependency, not the workspace's newer one). */
export function sstEsbuild(): typeof import("esbuild") {
  return createRequire(path.join(repoRoot, "node_modules/sst/package.json"))("esbuild");
}

export interface BundleSize {
  /** The handler as SST names it ("packages/…/file.handler"). */
  handler: string;
  bytes: number;
  /** Bytes in the bundle by package (or repo folder), largest first. */
  inputs: [string, number][];
  /**
   * The modules with code in the bundle (paths from the repo root, as esbuild's metafile names
   * them; a module whose every export was shaken out is not one): what the grants check reads.
   */
  modules: Set<string>;
  /**
   * Writes to the table the bundle's own code makes (tableWrites): what tells a function that
   * writes from one that only reads.
   */
  tableWrites: string[];
}

/**
 * The table writes in a bundle: ElectroDB write calls on an entity (`.entities.site.update(`;
 * property names survive minification, and tree-shaking left only the code the handler
 * reaches) and transaction writes. The few modules that send raw write commands are not seen
 * here: their module is in a bundle whether or not its writing function is.
 */
export function tableWrites(output: string): string[] {
  const found = new Set<string>();
  for (const m of output.matchAll(
    /\.entities\.(\w+)\.(put|create|upsert|update|patch|delete|remove)\(/g,
  )) {
    found.add(`${m[1]}.${m[2]}`);
  }
  if (/\.transaction\.write\(/.test(output)) found.add("transaction.write");
  return [...found].sort();
}

/**
 * Bundles handlers as SST's node handler does in deploy mode (esm, target esnext, keepNames,
 * module before main, SST's ESM banner, minify and externals from NODEJS_BUNDLING; source maps
 * are written beside the bundle and not counted). One esbuild run for all of them.
 */
export async function bundleHandlers(
  handlers: readonly string[],
  outDir: string,
  external: readonly string[] = [],
): Promise<BundleSize[]> {
  const entries = [...new Set(handlers)];
  const entryPoints = Object.fromEntries(
    entries.map((handler) => [
      handler.replace(/[^\w]+/g, "_"),
      path.join(repoRoot, `${handler.slice(0, handler.lastIndexOf("."))}.ts`),
    ]),
  );
  const result = await sstEsbuild().build({
    entryPoints,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    platform: "node",
    // SST's forceExternal, then the app's.
    external: ["sharp", "pg-native", ...NODEJS_BUNDLING.esbuild.external, ...external],
    // The plugins are typed for SST's esbuild, which this is; sstEsbuild() is typed as ours.
    plugins: [...NODEJS_BUNDLING.esbuild.plugins] as unknown as import("esbuild").Plugin[],
    keepNames: true,
    bundle: true,
    logLevel: "error",
    metafile: true,
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    banner: {
      js: [
        `import { createRequire as topLevelCreateRequire } from 'module';`,
        "const require = topLevelCreateRequire(import.meta.url);",
        `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
        `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
      ].join("\n"),
    },
    sourcemap: true,
    minify: NODEJS_BUNDLING.minify,
  });
  return entries.map((handler) => {
    const name = `${handler.replace(/[^\w]+/g, "_")}.mjs`;
    const output = Object.entries(result.metafile.outputs).find(([file]) =>
      file.endsWith(`/${name}`),
    )?.[1];
    if (!output) throw new Error(`esbuild wrote no ${name}`);
    const byPackage = new Map<string, number>();
    const modules = new Set<string>();
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput > 0) modules.add(path.relative(repoRoot, path.resolve(input)));
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      const key = pkg
        ? `${pkg}${input.includes("/locales/") ? " (locales)" : ""}`
        : input.split("/").slice(0, 3).join("/");
      byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
    }
    const file = Object.keys(result.metafile.outputs).find((f) => f.endsWith(`/${name}`));
    const text = file ? readFileSync(path.resolve(file), "utf8") : "";
    return {
      handler,
      bytes: output.bytes,
      inputs: [...byPackage].sort((a, b) => b[1] - a[1]),
      modules,
      tableWrites: tableWrites(text),
    };
  });
}
