/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set → the SPA signs in with Clerk; unset → with the local development identity provider. */
  readonly VITE_CLERK_PUBLISHABLE_KEY?: string;
  /** Set → card forms use Stripe Elements; unset → the local Stripe emulator's card form. */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  /** The host the pre-rendered pages will be served from (stacks/Web.ts sets it from APP_URL). */
  readonly VITE_PUBLIC_HOST?: string;
  readonly VITE_CONSULTATION_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
