/**
 * The one identity interface the app sees. Two implementations: Clerk (when
 * VITE_CLERK_PUBLISHABLE_KEY is set at build time) and the local development identity
 * provider served by the local stack under /dev-identity.
 */
import type { ComponentType } from "react";

export interface IdentityUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
}

export interface Identity {
  /** The provider has answered whether someone is signed in. */
  loaded: boolean;
  /** The provider could not be loaded or reached: the app shows 'Authentication Service Unavailable'. */
  failed: boolean;
  /** A pending session counts as signed out (docs/access.md, "The SPA's gate"). */
  signedIn: boolean;
  user: IdentityUser | null;
  /** The current session token for the API, or null when signed out. */
  getToken(): Promise<string | null>;
  signOut(): Promise<void>;
  /**
   * Makes an organization the session's active one (null: none, the person's own account), so
   * the next token names the account it stands for (docs/team.md, "Switching accounts").
   */
  setActiveOrganization(organizationId: string | null): Promise<void>;
}

/** The provider's screens: Clerk's widgets, or the local provider's forms. */
export interface IdentityWidgets {
  SignIn: ComponentType;
  SignUp: ComponentType;
  Profile: ComponentType;
}

export interface IdentityContextValue {
  identity: Identity;
  widgets: IdentityWidgets;
}
