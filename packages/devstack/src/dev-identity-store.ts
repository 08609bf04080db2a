/**
 * What the development identity provider keeps: its RS256 key pair, its users (with scrypt
 * password hashes) and its sessions, as JSON files under the data folder so a restart keeps
 * everyone signed in. Only packages/devstack imports this: no deployed stage can have it.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { calculateJwkThumbprint, exportJWK, exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import { ulid } from "ulid";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

export interface DevUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  /** "staff" for the provider's team, as Clerk's publicMetadata.role would say. */
  role?: "staff";
}

interface StoredUser extends DevUser {
  passwordHash: string;
  createdAt: string;
  /** Banned through the Backend API stand-in: no sign-in, no session (as at Clerk). */
  banned?: boolean;
}

interface StoredSession {
  sid: string;
  userId: string;
  createdAt: string;
  /** The session's active organization (Clerk's `setActive({ organization })`); none: personal. */
  activeOrganizationId?: string;
}

/** An organization and its memberships, as Clerk's Organizations keep them (docs/team.md). */
export interface DevOrganization {
  id: string;
  name: string;
  publicMetadata: Record<string, unknown>;
  createdAt: string;
  /** Clerk's role keys ("org:admin", "org:member"). */
  memberships: { userId: string; role: string; createdAt: string }[];
}

export interface SigningKeys {
  kid: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

interface StoreFile {
  users: StoredUser[];
  /** Absent in folders made before organizations. */
  organizations?: DevOrganization[];
  /** Keyed by the sha256 of the `__client` cookie, so the file alone cannot sign anyone in. */
  sessions: Record<string, StoredSession>;
}

export class EmailTakenError extends Error {}

export function publicUser(user: DevUser): DevUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    imageUrl: user.imageUrl,
    ...(user.role ? { role: user.role } : {}),
  };
}

const KEY_LENGTH = 64;

async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH);
  return `scrypt:${salt.toString("base64")}:${hash.toString("base64")}`;
}

async function passwordMatches(password: string, stored: string) {
  const [, salt = "", hash = ""] = stored.split(":");
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length);
  return timingSafeEqual(actual, expected);
}

// Hashed against when the email is unknown, so a wrong email costs as long as a wrong password.
let unknownUserHash: Promise<string> | undefined;
function hashForUnknownUser() {
  unknownUserHash ??= hashPassword(randomBytes(16).toString("hex"));
  return unknownUserHash;
}

function sha256(text: string) {
  return createHash("sha256").update(text).digest("hex");
}

const KEYS_FILE = "signing-key.json";

/** The provider's folder inside the stack's data folder. */
/** The local stack's admin token for making staff accounts (scripts/staff.ts). */
export const ADMIN_TOKEN_FILE = "admin-token";

export function devIdentityDir(stackDataDir: string) {
  return path.join(stackDataDir, "dev-identity");
}

/** The provider's keys, for tests that sign tokens (expired, other azp) with the real key. */
export async function readSigningKeys(stackDataDir: string): Promise<SigningKeys> {
  const file = path.join(devIdentityDir(stackDataDir), KEYS_FILE);
  return JSON.parse(await readFile(file, "utf8")) as SigningKeys;
}

export async function openDevIdentityStore(dir: string) {
  await mkdir(dir, { recursive: true });
  const keys = await loadOrCreateKeys(path.join(dir, KEYS_FILE));
  const file = path.join(dir, "store.json");
  const data: StoreFile = await readJson<StoreFile>(file, { users: [], sessions: {} });
  let writing = Promise.resolve();

  // Writes are queued so two requests never interleave a file write; rename makes each atomic.
  function persist() {
    writing = writing.then(async () => {
      await writeFile(`${file}.tmp`, JSON.stringify(data, null, 2));
      await rename(`${file}.tmp`, file);
    });
    return writing;
  }

  const findByEmail = (email: string) => data.users.find((u) => u.email === email.toLowerCase());
  data.organizations ??= [];
  const organizations = data.organizations;
  const findOrganization = (id: string) => organizations.find((o) => o.id === id);

  return {
    keys,

    async createUser(input: {
      email: string;
      password: string;
      firstName: string;
      lastName: string;
    }) {
      if (findByEmail(input.email)) throw new EmailTakenError(input.email);
      const passwordHash = await hashPassword(input.password);
      // Checked again: another sign-up for the same email may have finished while we hashed.
      if (findByEmail(input.email)) throw new EmailTakenError(input.email);
      const user: StoredUser = {
        id: `user_${ulid()}`,
        email: input.email.toLowerCase(),
        firstName: input.firstName,
        lastName: input.lastName,
        imageUrl: null,
        passwordHash,
        createdAt: new Date().toISOString(),
      };
      data.users.push(user);
      await persist();
      return publicUser(user);
    },

    async checkPassword(email: string, password: string): Promise<DevUser | undefined> {
      const user = findByEmail(email);
      const ok = await passwordMatches(
        password,
        user?.passwordHash ?? (await hashForUnknownUser()),
      );
      return user && ok && !user.banned ? publicUser(user) : undefined;
    },

    async updateUser(userId: string, patch: Partial<Omit<DevUser, "id" | "email">>) {
      const user = data.users.find((u) => u.id === userId);
      if (!user) return undefined;
      Object.assign(user, patch);
      await persist();
      return publicUser(user);
    },

    /** Makes an account staff (the local stand-in for Clerk's publicMetadata.role). */
    async makeStaff(email: string): Promise<DevUser | undefined> {
      const user = findByEmail(email);
      if (!user) return undefined;
      user.role = "staff";
      await persist();
      return publicUser(user);
    },

    hasStaff: () => data.users.some((u) => u.role === "staff"),

    /** Deletes the user and ends their sessions (Clerk's DELETE /v1/users/{id}). */
    async deleteUser(userId: string): Promise<boolean> {
      const index = data.users.findIndex((u) => u.id === userId);
      if (index < 0) return false;
      data.users.splice(index, 1);
      for (const organization of organizations) {
        organization.memberships = organization.memberships.filter((m) => m.userId !== userId);
      }
      for (const [key, session] of Object.entries(data.sessions)) {
        if (session.userId === userId) delete data.sessions[key];
      }
      await persist();
      return true;
    },

    /** Bans the user: sessions end and signing in is refused (Clerk's POST /v1/users/{id}/ban). */
    async banUser(userId: string): Promise<DevUser | undefined> {
      const user = data.users.find((u) => u.id === userId);
      if (!user) return undefined;
      user.banned = true;
      for (const [key, session] of Object.entries(data.sessions)) {
        if (session.userId === userId) delete data.sessions[key];
      }
      await persist();
      return publicUser(user);
    },

    /** Clerk's POST /v1/organizations: `createdBy`, when given, becomes its first admin. */
    async createOrganization(input: {
      name: string;
      publicMetadata?: Record<string, unknown>;
      createdBy?: string;
    }): Promise<DevOrganization> {
      const now = new Date().toISOString();
      const organization: DevOrganization = {
        id: `org_${ulid()}`,
        name: input.name,
        publicMetadata: input.publicMetadata ?? {},
        createdAt: now,
        memberships: input.createdBy
          ? [{ userId: input.createdBy, role: "org:admin", createdAt: now }]
          : [],
      };
      organizations.push(organization);
      await persist();
      return organization;
    },

    organization: (id: string) => findOrganization(id),

    userById(userId: string): DevUser | undefined {
      const user = data.users.find((u) => u.id === userId);
      return user ? publicUser(user) : undefined;
    },

    /** Adds a membership; "exists" when the person is in already, undefined when either is unknown. */
    async addMembership(organizationId: string, userId: string, role: string) {
      const organization = findOrganization(organizationId);
      if (!organization || !data.users.some((u) => u.id === userId)) return undefined;
      const existing = organization.memberships.find((m) => m.userId === userId);
      if (existing) return { organization, membership: existing, exists: true };
      const membership = { userId, role, createdAt: new Date().toISOString() };
      organization.memberships.push(membership);
      await persist();
      return { organization, membership, exists: false };
    },

    async updateMembership(organizationId: string, userId: string, role: string) {
      const organization = findOrganization(organizationId);
      const membership = organization?.memberships.find((m) => m.userId === userId);
      if (!organization || !membership) return undefined;
      membership.role = role;
      await persist();
      return { organization, membership };
    },

    /** Removes a membership; a session that had the organization active has none after. */
    async deleteMembership(organizationId: string, userId: string) {
      const organization = findOrganization(organizationId);
      const membership = organization?.memberships.find((m) => m.userId === userId);
      if (!organization || !membership) return undefined;
      organization.memberships = organization.memberships.filter((m) => m !== membership);
      for (const session of Object.values(data.sessions)) {
        if (session.userId === userId && session.activeOrganizationId === organizationId) {
          delete session.activeOrganizationId;
        }
      }
      await persist();
      return { organization, membership };
    },

    /** Clerk's DELETE /v1/organizations/{id}: sessions that had it active have none after. */
    async deleteOrganization(organizationId: string): Promise<DevOrganization | undefined> {
      const index = organizations.findIndex((o) => o.id === organizationId);
      const [organization] = index < 0 ? [] : organizations.splice(index, 1);
      if (!organization) return undefined;
      for (const session of Object.values(data.sessions)) {
        if (session.activeOrganizationId === organizationId) delete session.activeOrganizationId;
      }
      await persist();
      return organization;
    },

    /**
     * The session's active organization (Clerk's setActive): only one the person belongs to;
     * null for none. Answers false when they do not belong to it.
     */
    async setActiveOrganization(client: string | undefined, organizationId: string | null) {
      const session = client ? data.sessions[sha256(client)] : undefined;
      if (!session) return false;
      if (organizationId === null) {
        delete session.activeOrganizationId;
      } else {
        const organization = findOrganization(organizationId);
        if (!organization?.memberships.some((m) => m.userId === session.userId)) return false;
        session.activeOrganizationId = organizationId;
      }
      await persist();
      return true;
    },

    /** Starts a session and returns the opaque `__client` value that names it. */
    async startSession(userId: string) {
      const client = randomBytes(32).toString("base64url");
      data.sessions[sha256(client)] = {
        sid: `sess_${ulid()}`,
        userId,
        createdAt: new Date().toISOString(),
      };
      await persist();
      return client;
    },

    session(client: string | undefined) {
      const session = client ? data.sessions[sha256(client)] : undefined;
      const user = session && data.users.find((u) => u.id === session.userId);
      if (!session || !user) return undefined;
      // The active organization, while the person still belongs to it.
      const organization = session.activeOrganizationId
        ? findOrganization(session.activeOrganizationId)
        : undefined;
      const membership = organization?.memberships.find((m) => m.userId === user.id);
      return {
        sid: session.sid,
        user: publicUser(user),
        ...(organization && membership ? { organization, role: membership.role } : {}),
      };
    },

    async endSession(client: string | undefined) {
      if (!client || !data.sessions[sha256(client)]) return;
      delete data.sessions[sha256(client)];
      await persist();
    },
  };
}

export type DevIdentityStore = Awaited<ReturnType<typeof openDevIdentityStore>>;

/** The key pair is made once per data folder; its public half is the API's CLERK_JWT_KEY. */
async function loadOrCreateKeys(file: string): Promise<SigningKeys> {
  const existing = await readJson<SigningKeys | undefined>(file, undefined);
  if (existing) return existing;
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const keys: SigningKeys = {
    kid: `ins_dev_${(await calculateJwkThumbprint(await exportJWK(publicKey))).slice(0, 16)}`,
    privateKeyPem: await exportPKCS8(privateKey),
    publicKeyPem: await exportSPKI(publicKey),
  };
  await writeFile(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

async function readJson<T>(file: string, fallback: T): Promise<T> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  }
}
