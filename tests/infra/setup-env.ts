/**
 * The infra files share one worker process (vitest.config.ts, `isolate: false`), and
 * synthesising sets the deploy-time settings in process.env (synth.ts). Each file starts from
 * the environment the worker started with, as it would in a process of its own.
 */
const key = Symbol.for("portal.infra.initialEnv");
const store = globalThis as { [key]?: Record<string, string | undefined> };
store[key] ??= { ...process.env };
const initial = store[key];
for (const name of Object.keys(process.env)) if (!(name in initial)) delete process.env[name];
Object.assign(process.env, initial);
