import { text } from "./text";
import * as z from "./zod";

/**
 * The local development identity provider's HTTP API (/dev-identity/*), the local stand-in
 * for Clerk. The SPA's sign-in, sign-up and profile forms validate with these schemas.
 */

export const devIdentityUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  imageUrl: z.nullable(z.string()),
});
export type DevIdentityUser = z.infer<typeof devIdentityUserSchema>;

/** 200/201 answer of sign-up, sign-in, GET and PATCH /dev-identity/me. */
export const devIdentityUserResponseSchema = z.object({ user: devIdentityUserSchema });

/** POST /dev-identity/tokens answer. */
export const devIdentityTokenResponseSchema = z.object({ jwt: z.string() });

const email = z.email("Enter a valid email address");

export const signInInputSchema = z.object({
  email,
  password: text("Password", { trim: false }).check(z.minLength(1, "Enter your password")),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  email,
  password: text("Password", { trim: false }).check(
    z.minLength(8, "Password must be at least 8 characters"),
  ),
  firstName: text("First name").check(z.minLength(1, "First name is required"), z.maxLength(100)),
  lastName: text("Last name").check(z.minLength(1, "Last name is required"), z.maxLength(100)),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const profileUpdateSchema = z.object({
  firstName: text("First name").check(z.minLength(1, "First name is required"), z.maxLength(100)),
  lastName: text("Last name").check(z.minLength(1, "Last name is required"), z.maxLength(100)),
  // Checked as text before it is read as a URL: the URL parser drops tabs and line breaks.
  imageUrl: z.optional(
    z.union([
      z.pipe(text("Image URL"), z.url("Enter a full image URL (https://…)")),
      z.literal(""),
    ]),
  ),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
