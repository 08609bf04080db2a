/**
 * How a pre-rendered page knows the app's scripts without loading them (docs/pages.md,
 * "Pre-rendered public pages"): the build moves the SPA shell's module tags into a JSON data
 * block with this id (prerender-plugin.ts), and the page's boot script reads it (boot.ts).
 */
export const APP_SCRIPTS_ID = "app-scripts";

export interface AppScripts {
  /** The app's entry module (the shell's `<script type="module">`). */
  entry: string;
  /** The modules the entry imports statically (the shell's `<link rel="modulepreload">`s). */
  preload: string[];
}
