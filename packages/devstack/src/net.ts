/** Listening and closing node servers the same way everywhere in the local stack. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on host:port (0 = a free port) and resolves with the port actually bound. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Closes a server without waiting for idle keep-alive sockets (the AWS SDK and browsers keep
 * them open for minutes, which would make Ctrl-C and test teardown hang).
 */
export function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) return resolve();
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
    // Whatever is still mid-request after a moment is cut: stopping must not hang.
    setTimeout(() => server.closeAllConnections(), 1000).unref();
  });
}

export function hostForUrl(host: string) {
  return host.includes(":") ? `[${host}]` : host;
}
