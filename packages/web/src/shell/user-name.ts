import { useAccess } from "../access/access-context";
import { useIdentity } from "../identity/context";

/** The signed-in person's first name and picture: the API record first, then the provider's. */
export function useDisplayUser(): {
  firstName: string;
  imageUrl: string | null;
  email: string | null;
} {
  const { user } = useAccess();
  const identity = useIdentity();
  return {
    firstName: user?.firstName || identity.user?.firstName || "User",
    imageUrl: user?.profileImageUrl || user?.imageUrl || identity.user?.imageUrl || null,
    email: user?.email || identity.user?.email || null,
  };
}
