/** The identity implementation backed by the local development identity provider. */
import type {
  DevIdentityUser,
  ProfileUpdate,
  SignInInput,
  SignUpInput,
} from "@portal/core/contracts/dev-identity";
import {
  createContext,
  lazy,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { IdentityContext } from "../context";
import { mayHaveSession } from "../session-hint";
import type { Identity, IdentityUser, IdentityWidgets } from "../types";
import { devIdentity, jwtExpiry } from "./dev-identity-client";

/** A token is reused until this close to its expiry (tokens live 60 s). */
const TOKEN_REFRESH_MARGIN_S = 10;

interface LocalIdentityActions {
  signIn(input: SignInInput): Promise<void>;
  signUp(input: SignUpInput): Promise<void>;
  updateProfile(input: ProfileUpdate): Promise<void>;
}

const LocalIdentityActionsContext = createContext<LocalIdentityActions | null>(null);

export function useLocalIdentityActions(): LocalIdentityActions {
  const actions = useContext(LocalIdentityActionsContext);
  if (!actions) throw new Error("useLocalIdentityActions needs <LocalIdentityProvider>");
  return actions;
}

// The forms load with the pages that show them, not with the landing page.
const widgets: IdentityWidgets = {
  SignIn: lazy(() => import("./sign-in-form")),
  SignUp: lazy(() => import("./sign-up-form")),
  Profile: lazy(() => import("./profile-form")),
};

/**
 * The session check and the first token, asked for as the app's scripts start rather than after
 * its first render (docs/performance.md, "Fifth round"): both are round trips before the
 * current-user read, and a phone takes hundreds of milliseconds over that first render.
 * Each is used once, by the first mount and the first token request.
 */
let earlyMe: Promise<DevIdentityUser | null> | null = null;
let earlyToken: Promise<string | null> | null = null;

/** Starts both when this browser may hold a session; identity-provider.tsx calls it at import. */
export function startLocalSession(): void {
  if (earlyMe || !mayHaveSession()) return;
  earlyMe = devIdentity.me();
  earlyToken = devIdentity.token();
  // Whoever takes them handles their failures; one never taken must not report one.
  earlyMe.catch(() => {});
  earlyToken.catch(() => {});
}

/** A change of session (sign-in, sign-out, no session after all) makes the early token stale. */
function dropEarlyToken() {
  earlyToken = null;
}

type State =
  | { status: "loading"; user: null }
  | { status: "failed"; user: null }
  | { status: "ready"; user: IdentityUser | null };

export function LocalIdentityProvider({ children }: { children: ReactNode }) {
  // Without a session cookie the answer is known at once: the first render is the page,
  // not a spinner.
  const [state, setState] = useState<State>(() =>
    mayHaveSession() ? { status: "loading", user: null } : { status: "ready", user: null },
  );
  const token = useRef<{ jwt: string; exp: number } | null>(null);
  const pendingToken = useRef<Promise<string | null> | null>(null);
  const signedIn = state.status === "ready" && state.user !== null;

  useEffect(() => {
    if (!mayHaveSession()) return;
    let cancelled = false;
    const me = earlyMe ?? devIdentity.me();
    earlyMe = null;
    me.then(
      (user) => {
        if (!user) dropEarlyToken();
        if (!cancelled) setState({ status: "ready", user: user && toIdentityUser(user) });
      },
      (error: unknown) => {
        console.error("The local identity provider did not answer.", error);
        if (!cancelled) setState({ status: "failed", user: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;

  const getToken = useCallback(async (): Promise<string | null> => {
    if (!signedInRef.current) return null;
    const now = Date.now() / 1000;
    if (token.current && token.current.exp - TOKEN_REFRESH_MARGIN_S > now) return token.current.jwt;
    // Concurrent API calls share one token request.
    const early = earlyToken;
    earlyToken = null;
    pendingToken.current ??= (early ?? devIdentity.token())
      .then((jwt) => {
        if (jwt === null) {
          token.current = null;
          setState({ status: "ready", user: null });
          return null;
        }
        token.current = { jwt, exp: jwtExpiry(jwt) ?? now + 60 };
        return jwt;
      })
      .finally(() => {
        pendingToken.current = null;
      });
    return pendingToken.current;
  }, []);

  const signOut = useCallback(async () => {
    dropEarlyToken();
    await devIdentity.signOut();
    token.current = null;
    setState({ status: "ready", user: null });
  }, []);

  const setActiveOrganization = useCallback(async (organizationId: string | null) => {
    await devIdentity.setActiveOrganization(organizationId);
    // The next token must name the organization's account.
    token.current = null;
  }, []);

  const actions = useMemo<LocalIdentityActions>(
    () => ({
      async signIn(input) {
        dropEarlyToken();
        const user = await devIdentity.signIn(input);
        token.current = null;
        signedInRef.current = true;
        setState({ status: "ready", user: toIdentityUser(user) });
      },
      async signUp(input) {
        dropEarlyToken();
        const user = await devIdentity.signUp(input);
        token.current = null;
        signedInRef.current = true;
        setState({ status: "ready", user: toIdentityUser(user) });
      },
      async updateProfile(input) {
        dropEarlyToken();
        const user = await devIdentity.updateProfile(input);
        // The next token must carry the new names, so the API's user record follows.
        token.current = null;
        setState({ status: "ready", user: toIdentityUser(user) });
      },
    }),
    [],
  );

  const identity = useMemo<Identity>(
    () => ({
      loaded: state.status !== "loading",
      failed: state.status === "failed",
      signedIn,
      user: state.user,
      getToken,
      signOut,
      setActiveOrganization,
    }),
    [state, signedIn, getToken, signOut, setActiveOrganization],
  );

  const value = useMemo(() => ({ identity, widgets }), [identity]);

  return (
    <LocalIdentityActionsContext.Provider value={actions}>
      <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>
    </LocalIdentityActionsContext.Provider>
  );
}

function toIdentityUser(user: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
}): IdentityUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName || null,
    lastName: user.lastName || null,
    imageUrl: user.imageUrl,
  };
}
