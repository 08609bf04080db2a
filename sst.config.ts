import type { SSTConfig } from "sst";
import { Api } from "./stacks/Api";
import { Events } from "./stacks/Events";
import { Jobs } from "./stacks/Jobs";
import { Storage } from "./stacks/Storage";
import { Web } from "./stacks/Web";
import { Webhooks } from "./stacks/Webhooks";

export default {
  config() {
    return { name: "site-portal", region: "us-east-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      runtime: "nodejs22.x",
      // Graviton: cheaper per GB-second and at least as fast for these pure-JavaScript bundles.
      // The Chromium worker (stacks/Jobs.ts) overrides this with x86_64.
      architecture: "arm_64",
      // Minified: smaller bundles load faster on a cold start. The AWS SDK is bundled rather
      // than taken from the runtime, so the version we test is the version we run.
      nodejs: { format: "esm", minify: true },
    });
    // Only prod keeps its table and bucket when a stage is removed; other stages are disposable.
    if (app.stage !== "prod") app.setDefaultRemovalPolicy("destroy");
    app.stack(Storage).stack(Events).stack(Jobs).stack(Api).stack(Webhooks).stack(Web);
  },
} satisfies SSTConfig;
