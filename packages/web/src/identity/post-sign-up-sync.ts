/**
 * docs/pages.md, "Signing in and out": /sign-up is also the after-sign-up address, and
 * /auth-landing is where the identity provider's hosted flow returns. Once a user is signed in on
 * either, sync the user record (GET /api/auth/user) and go to /sales (or back to the invitation
 * the visitor came from: return-path.ts), even if the sync fails. Runs
 * from the root route so it works whether the gate shows the page or the spinner.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { fetchCurrentUser } from "../api/client";
import { currentUserKey } from "../api/current-user";
import { useIdentity } from "./context";
import { afterSignInPath } from "./return-path";

/** The addresses a finished sign-up or hosted sign-in lands on. */
const LANDING_PATHS = ["/sign-up", "/auth-landing"];

export function usePostSignUpSync(): void {
  const identity = useIdentity();
  const pathname = useLocation({ select: (l) => l.pathname });
  const router = useRouter();
  const queryClient = useQueryClient();
  const running = useRef(false);

  const due = LANDING_PATHS.includes(pathname) && identity.loaded && identity.signedIn;

  useEffect(() => {
    if (!due || running.current) return;
    running.current = true;
    fetchCurrentUser()
      .then((user) => {
        if (user) queryClient.setQueryData(currentUserKey, user);
      })
      .catch((error: unknown) => console.log("User sync after sign-up failed.", error))
      .finally(() => {
        running.current = false;
        // /sales, or the invitation the visitor signed up to accept (return-path.ts).
        void router.navigate({ href: afterSignInPath() });
      });
  }, [due, queryClient, router]);
}
