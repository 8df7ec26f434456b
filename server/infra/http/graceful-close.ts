import type http from "node:http";

/** How often connections that fell idle during a shutdown are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops a server the way a rolling restart needs: no new connections from now on (the port is
 * closed at once), requests under way (an upload in progress) run to their end, and a
 * connection is closed as soon as it has no request, so keep-alive clients cannot hold the
 * process. What still runs after `graceMs` is cut.
 */
export function closeGracefully(server: http.Server, graceMs: number): Promise<"drained" | "cut"> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => {
      clearInterval(sweep);
      server.closeAllConnections();
      resolve("cut");
    }, graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve("drained");
    });
    server.closeIdleConnections();
  });
}
