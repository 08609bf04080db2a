/**
 * Build-time rendering of the public pages (docs/pages.md, "Pre-rendered public pages"): the
 * same route components, providers and theme the SPA renders, for a visitor who is not signed
 * in, to HTML plus the Chakra (Emotion) CSS that HTML uses. Runs in Node from the SSR build
 * that prerender-plugin.ts makes; never shipped to the browser.
 */
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { AccessContext } from "../access/access-context";
import { IdentityContext } from "../identity/context";
import type { IdentityContextValue } from "../identity/types";
import { routeTree } from "../routeTree.gen";
import { UiProvider } from "../ui/provider";

/** A visitor who is not signed in: what the pre-rendered pages show to everyone. */
const signedOut: IdentityContextValue = {
  identity: {
    loaded: true,
    failed: false,
    signedIn: false,
    user: null,
    getToken: async () => null,
    signOut: async () => {},
    setActiveOrganization: async () => {},
  },
  // The public pages link to the sign-in and sign-up pages; they never show their widgets.
  widgets: { SignIn: () => null, SignUp: () => null, Profile: () => null },
};

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** <style> elements for <head>, keyed as the SPA's Emotion cache expects ("css"). */
  styles: string;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const queryClient = new QueryClient();
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: {
      queryClient,
      access: { kind: "signed-out" },
      signInAgain: () => {
        throw new Error(`${path} is not public: it cannot be pre-rendered`);
      },
    },
  });
  await router.load();
  const failed = router.state.matches.some((match) => match.status !== "success");
  if (failed || router.state.location.pathname !== path) {
    throw new Error(
      `${path} did not render as a public page (now at ${router.state.location.pathname})`,
    );
  }

  // The SPA's Emotion cache has the default key, so it adopts these styles instead of adding
  // them again when it takes over.
  const cache = createCache({ key: "css" });
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <UiProvider>
        <QueryClientProvider client={queryClient}>
          <IdentityContext.Provider value={signedOut}>
            <AccessContext.Provider value={{ state: { kind: "signed-out" }, user: undefined }}>
              <RouterProvider router={router} />
            </AccessContext.Provider>
          </IdentityContext.Provider>
        </QueryClientProvider>
      </UiProvider>
    </CacheProvider>,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles };
}
