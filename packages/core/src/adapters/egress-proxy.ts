/**
 * The audit browser's only way out (docs/security.md, "The audit browser"): a SOCKS5 proxy
 * on 127.0.0.1 inside the worker that Chromium is launched behind. Chromium hands it the host
 * name of every TCP connection it wants (pages, sub-resources, workers, WebSocket, TURN over
 * TCP) without resolving it itself; the proxy resolves the name once, requires every address
 * to be public (outbound-guard.ts) and connects to exactly the address it checked. A name that
 * answers one thing to the guard and another to the browser (DNS rebinding) has nothing left
 * to rebind.
 *
 * Who may connect is decided by a lease: the run that holds it gives the allowlist and the
 * resolver, and collects what was refused so it can fail. Runs on one browser take turns.
 * Without a lease (between runs, before the first) every connection is refused, and the
 * tunnels a run opened are cut when it releases, so a page or popup left behind by a run can
 * reach nothing.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import net, { type AddressInfo, type Socket } from "node:net";
import ipaddr from "ipaddr.js";
import { isAllowlisted, isPublicAddress, type LookupAll, loopbackOf } from "./outbound-guard";

export interface EgressPolicy {
  /** OUTBOUND_ALLOW_HOSTS entries: "host" or "host:port", connected to without the check. */
  allowHosts: readonly string[];
  /** Resolver; defaults to the OS resolver (node:dns lookup, all addresses). */
  lookup?: LookupAll;
}

export type EgressRefusalReason =
  /** A resolved (or literal) address is not on the public internet. */
  | "not-public"
  /** The name did not resolve. */
  | "unresolved"
  /** No run held the proxy: nothing may leave between runs. */
  | "no-run"
  /** Not a TCP CONNECT (SOCKS BIND or UDP ASSOCIATE), or not SOCKS5 at all. */
  | "unsupported";

export interface EgressRefusal {
  host: string;
  port: number;
  reason: EgressRefusalReason;
  /** The address that made it non-public, when there is one. */
  address?: string;
}

export interface EgressConnection {
  host: string;
  port: number;
  /** The address the proxy connected to (the one it checked). */
  address: string;
}

export interface EgressLease {
  /** Connections refused while this lease was held, in order. */
  readonly refusals: readonly EgressRefusal[];
  /** Connections made while this lease was held, in order. */
  readonly connections: readonly EgressConnection[];
  /** Gives the proxy back; the next waiting run gets it, or nothing may connect. */
  release(): void;
}

export interface EgressProxy {
  /** socks5://127.0.0.1:PORT, for Chromium's --proxy-server. */
  readonly url: string;
  readonly port: number;
  /** Connections refused while no run held a lease (kept for logs and tests; last 100). */
  readonly idleRefusals: readonly EgressRefusal[];
  /** Waits for the previous run to release, then holds the proxy for one run. */
  lease(policy: EgressPolicy): Promise<EgressLease>;
  /** Stops listening and cuts every tunnel; waiting leases are refused. */
  close(): Promise<void>;
}

export interface EgressProxyOptions {
  /** Per address tried; the next resolved address is tried after it. Default 10 s. */
  connectTimeoutMs?: number;
  /** Opens the upstream socket (tests watch where it goes); net.connect by default. */
  connect?: (address: string, port: number) => Socket;
}

const defaultConnect = (address: string, port: number): Socket =>
  net.connect({ host: address, port });

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** SOCKS5 reply codes (RFC 1928, section 6). */
const REPLY = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

const IDLE_REFUSALS_KEPT = 100;
/** How long a client may stay silent before it has said where it wants to go. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

class Closed extends Error {
  constructor() {
    super("The egress proxy is closed");
  }
}

/** Reads exactly n bytes from a paused socket, or throws when it ends first. */
async function readExactly(socket: Socket, n: number): Promise<Buffer> {
  for (;;) {
    const chunk = socket.read(n) as Buffer | null;
    if (chunk) return chunk;
    if (socket.destroyed || socket.readableEnded) throw new Closed();
    await new Promise<void>((resolve) => {
      const done = () => {
        socket.off("readable", done);
        socket.off("close", done);
        socket.off("end", done);
        resolve();
      };
      socket.on("readable", done);
      socket.on("close", done);
      socket.on("end", done);
    });
  }
}

function reply(socket: Socket, code: number): void {
  // BND.ADDR 0.0.0.0:0: Chromium does not use it.
  socket.write(Buffer.from([0x05, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
}

function hostForUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

/** A host as a literal IP address ("127.0.0.1", "::1"), or undefined for a name. */
function literalAddress(host: string): string | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return host;
  if (ipaddr.IPv6.isValid(host)) return host;
  return undefined;
}

function connectTo(
  open: (address: string, port: number) => Socket,
  address: string,
  port: number,
  timeoutMs: number,
): Promise<Socket | { code: number }> {
  return new Promise((resolve) => {
    const upstream = open(address, port);
    const timer = setTimeout(() => {
      upstream.destroy();
      resolve({ code: REPLY.hostUnreachable });
    }, timeoutMs);
    upstream.once("connect", () => {
      clearTimeout(timer);
      upstream.removeAllListeners("error");
      resolve(upstream);
    });
    upstream.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({
        code: error.code === "ECONNREFUSED" ? REPLY.connectionRefused : REPLY.hostUnreachable,
      });
    });
  });
}

interface Holder {
  policy: EgressPolicy;
  refusals: EgressRefusal[];
  connections: EgressConnection[];
  /** Tunnels opened for this run: cut when it releases, so none outlives it. */
  tunnels: Set<Socket>;
}

type Decision =
  | { ok: true; addresses: string[]; allowlisted: boolean }
  | { ok: false; refusal: EgressRefusal };

export async function startEgressProxy(options: EgressProxyOptions = {}): Promise<EgressProxy> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const open = options.connect ?? defaultConnect;
  const sockets = new Set<Socket>();
  const idleRefusals: EgressRefusal[] = [];
  let holder: Holder | undefined;
  let closed = false;
  // Runs take turns: each waits for the one before it to release.
  let turn: Promise<void> = Promise.resolve();
  const waiting = new Set<(error?: Error) => void>();

  const refuse = (refusal: EgressRefusal, to: Holder | undefined) => {
    if (to) to.refusals.push(refusal);
    else {
      idleRefusals.push(refusal);
      if (idleRefusals.length > IDLE_REFUSALS_KEPT) idleRefusals.shift();
    }
  };

  async function decide(host: string, port: number, current: Holder): Promise<Decision> {
    const url = new URL(`http://${hostForUrl(host)}:${port}/`);
    if (isAllowlisted(url, current.policy.allowHosts)) {
      // A developer's own server (tests, the local stack): connect by name, as configured.
      return { ok: true, addresses: [loopbackOf(host) ?? host], allowlisted: true };
    }
    const literal = literalAddress(host);
    if (literal) {
      return isPublicAddress(literal)
        ? { ok: true, addresses: [literal], allowlisted: false }
        : { ok: false, refusal: { host, port, reason: "not-public", address: literal } };
    }
    let resolved: { address: string }[];
    try {
      resolved = await (current.policy.lookup ?? defaultLookup)(host);
    } catch {
      resolved = [];
    }
    if (resolved.length === 0) return { ok: false, refusal: { host, port, reason: "unresolved" } };
    // Every address, as the guard does: which one would be used is not ours to predict.
    const bad = resolved.find((a) => !isPublicAddress(a.address));
    if (bad)
      return { ok: false, refusal: { host, port, reason: "not-public", address: bad.address } };
    return { ok: true, addresses: resolved.map((a) => a.address), allowlisted: false };
  }

  async function handle(client: Socket): Promise<void> {
    client.pause();
    // A client that never finishes asking is dropped; a tunnel, once open, may idle.
    client.setTimeout(HANDSHAKE_TIMEOUT_MS, () => client.destroy());
    // Greeting: VER, NMETHODS, METHODS. Only "no authentication" is offered: the proxy
    // listens on loopback for the browser this process launched.
    const [version, methods] = await readExactly(client, 2);
    if (version !== 0x05) {
      refuse({ host: "", port: 0, reason: "unsupported" }, holder);
      client.destroy();
      return;
    }
    const offered = await readExactly(client, methods ?? 0);
    if (!offered.includes(0x00)) {
      client.end(Buffer.from([0x05, 0xff]));
      return;
    }
    client.write(Buffer.from([0x05, 0x00]));

    // Request: VER, CMD, RSV, ATYP, DST.ADDR, DST.PORT.
    const [, command, , addressType] = await readExactly(client, 4);
    let host: string;
    if (addressType === 0x01) {
      host = [...(await readExactly(client, 4))].join(".");
    } else if (addressType === 0x04) {
      host = ipaddr.fromByteArray([...(await readExactly(client, 16))]).toString();
    } else if (addressType === 0x03) {
      const [length] = await readExactly(client, 1);
      host = (await readExactly(client, length ?? 0)).toString("latin1").toLowerCase();
      if (host.endsWith(".")) host = host.slice(0, -1);
      if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
    } else {
      reply(client, REPLY.addressTypeNotSupported);
      client.destroy();
      return;
    }
    const port = (await readExactly(client, 2)).readUInt16BE(0);
    // Asked: resolving and connecting have their own limits.
    client.setTimeout(0);

    const current = holder;
    if (command !== 0x01) {
      // BIND and UDP ASSOCIATE: nothing but outbound TCP leaves through here.
      refuse({ host, port, reason: "unsupported" }, current);
      reply(client, REPLY.commandNotSupported);
      client.destroy();
      return;
    }
    if (!current) {
      refuse({ host, port, reason: "no-run" }, undefined);
      reply(client, REPLY.notAllowed);
      client.destroy();
      return;
    }

    const decision = await decide(host, port, current);
    if (!decision.ok) {
      refuse(decision.refusal, current);
      reply(
        client,
        decision.refusal.reason === "unresolved" ? REPLY.hostUnreachable : REPLY.notAllowed,
      );
      client.destroy();
      return;
    }

    let failure: number = REPLY.hostUnreachable;
    for (const address of decision.addresses) {
      if (client.destroyed) return;
      const upstream = await connectTo(open, address, port, connectTimeoutMs);
      if (!("write" in upstream)) {
        failure = upstream.code;
        continue;
      }
      // The address the socket is actually connected to is the one checked above; say so
      // again on the socket itself, so no later change to the code above can skip it.
      const remote = upstream.remoteAddress ?? "";
      if (!decision.allowlisted && !isPublicAddress(remote)) {
        upstream.destroy();
        refuse({ host, port, reason: "not-public", address: remote }, current);
        reply(client, REPLY.notAllowed);
        client.destroy();
        return;
      }
      if (holder !== current) {
        // The run ended while this connection was being made.
        upstream.destroy();
        refuse({ host, port, reason: "no-run" }, undefined);
        reply(client, REPLY.notAllowed);
        client.destroy();
        return;
      }
      current.connections.push({ host, port, address: remote });
      sockets.add(upstream);
      current.tunnels.add(client);
      upstream.on("close", () => {
        sockets.delete(upstream);
        current.tunnels.delete(client);
      });
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      reply(client, REPLY.succeeded);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      return;
    }
    reply(client, failure);
    client.destroy();
  }

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => undefined);
    handle(client).catch(() => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // Not a reason to keep a finished process (a test run, the bench) alive.
  server.unref();
  const { port } = server.address() as AddressInfo;

  return {
    url: `socks5://127.0.0.1:${port}`,
    port,
    idleRefusals,
    async lease(policy) {
      if (closed) throw new Closed();
      const previous = turn;
      let release!: () => void;
      turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      await new Promise<void>((resolve, reject) => {
        const settle = (error?: Error) => {
          waiting.delete(settle);
          if (error) reject(error);
          else resolve();
        };
        waiting.add(settle);
        void previous.then(() => settle(closed ? new Closed() : undefined));
      });
      const mine: Holder = {
        policy: { allowHosts: [...policy.allowHosts], lookup: policy.lookup },
        refusals: [],
        connections: [],
        tunnels: new Set(),
      };
      holder = mine;
      let released = false;
      return {
        refusals: mine.refusals,
        connections: mine.connections,
        release() {
          if (released) return;
          released = true;
          if (holder === mine) holder = undefined;
          for (const tunnel of mine.tunnels) tunnel.destroy();
          release();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      holder = undefined;
      for (const settle of [...waiting]) settle(new Closed());
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
