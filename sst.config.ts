import type { SSTConfig } from "sst";
import { Analytics } from "./stacks/Analytics";
import { Api } from "./stacks/Api";
import { APP_NAME, APP_REGION } from "./stacks/app";
import { NODEJS_BUNDLING } from "./stacks/bundling";
import { Events } from "./stacks/Events";
import { Hosting } from "./stacks/Hosting";
import { Jobs } from "./stacks/Jobs";
import { Monitoring } from "./stacks/Monitoring";
import { Privacy } from "./stacks/Privacy";
import { Storage } from "./stacks/Storage";
import { Web } from "./stacks/Web";
import { Webhooks } from "./stacks/Webhooks";

export default {
  config() {
    return { name: APP_NAME, region: APP_REGION };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      // Node 24 LTS, the Node the project runs its own scripts and tests on (package.json).
      runtime: "nodejs24.x",
      // Graviton: cheaper per GB-second and at least as fast for these pure-JavaScript bundles.
      // The Chromium worker (stacks/Jobs.ts) overrides this with x86_64.
      architecture: "arm_64",
      // No X-Ray (SST turns it on by default): nothing instruments the SDK or Stripe clients, so a
      // trace would hold only Lambda's own segment, which each invocation's platform.report log
      // already has (docs/operations.md, "Logs"); tracing would add xray:Put* on every resource
      // to every role and bill past X-Ray's free tier.
      tracing: "disabled",
      // Minified ESM with the SDK bundled, less its unused credential providers (bundling.ts).
      nodejs: NODEJS_BUNDLING,
    });
    // Only prod keeps its table and bucket when a stage is removed; other stages are disposable.
    if (app.stage !== "prod") app.setDefaultRemovalPolicy("destroy");
    app
      .stack(Storage)
      .stack(Events)
      // Customers' sites: the API uses its bucket, routing store, queue and distribution.
      .stack(Hosting)
      .stack(Jobs)
      .stack(Analytics)
      .stack(Privacy)
      .stack(Api)
      .stack(Webhooks)
      .stack(Web)
      // Last: it watches what the others made (docs/operations.md).
      .stack(Monitoring);
  },
} satisfies SSTConfig;
