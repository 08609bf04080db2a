import * as z from "zod";
import { text } from "./text";

/**
 * The local development identity provider's HTTP API (/dev-identity/*), the local stand-in
 * for Clerk. The SPA's sign-in, sign-up and profile forms validate with these schemas.
 */

export const devIdentityUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  imageUrl: z.string().nullable(),
});
export type DevIdentityUser = z.infer<typeof devIdentityUserSchema>;

/** 200/201 answer of sign-up, sign-in, GET and PATCH /dev-identity/me. */
export const devIdentityUserResponseSchema = z.object({ user: devIdentityUserSchema });

/** POST /dev-identity/tokens answer. */
export const devIdentityTokenResponseSchema = z.object({ jwt: z.string() });

const email = z.email("Enter a valid email address");

export const signInInputSchema = z.object({
  email,
  password: text("Password", { trim: false }).min(1, "Enter your password"),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  email,
  password: text("Password", { trim: false }).min(8, "Password must be at least 8 characters"),
  firstName: text("First name").min(1, "First name is required").max(100),
  lastName: text("Last name").min(1, "Last name is required").max(100),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const profileUpdateSchema = z.object({
  firstName: text("First name").min(1, "First name is required").max(100),
  lastName: text("Last name").min(1, "Last name is required").max(100),
  // Checked as text before it is read as a URL: the URL parser drops tabs and line breaks.
  imageUrl: z
    .union([text("Image URL").pipe(z.url("Enter a full image URL (https://…)")), z.literal("")])
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
