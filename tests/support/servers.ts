/**
 * Servers a test file starts for the product to reach (a customer's site, a webhook receiver,
 * a slow page): each listens on 127.0.0.1, on a free port unless the test names one, and all
 * of a file's servers close after its tests, open connections included.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

type Server = HttpServer | HttpsServer;

export interface Servers {
  /** Starts `server` on 127.0.0.1 (port 0: a free one) and answers its port. */
  listen(server: Server, port?: number): Promise<number>;
  /** A port nobody listens on: taken on 127.0.0.1, then released. */
  unusedPort(): Promise<number>;
  /** Closes every server started so far (afterAll does it anyway). */
  closeAll(): Promise<void>;
}

/** Starts `server` on 127.0.0.1 (port 0: a free one) and answers its port. */
async function listenLocally(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Call at the top of a test file: the servers it starts close in an afterAll of its own. */
export function useServers(): Servers {
  const servers: Server[] = [];
  const closeAll = async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  };
  afterAll(closeAll);
  return {
    listen(server, port = 0) {
      servers.push(server);
      return listenLocally(server, port);
    },
    async unusedPort() {
      const probe = createServer();
      const port = await listenLocally(probe, 0);
      await new Promise((resolve) => probe.close(resolve));
      return port;
    },
    closeAll,
  };
}
