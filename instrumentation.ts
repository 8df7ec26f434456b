import type { Instrumentation } from "next";

/**
 * Runs once when the server starts (`next start`, scripts/web-server.mjs, before it listens):
 * an invalid configuration stops the web tier here with every problem listed.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkWebEnvAtStart } = await import("./web/env-check");
  checkWebEnvAtStart();
}

/**
 * Errors of pages, server components, route handlers (the BFF) and the proxy, logged as one JSON
 * line with the request id the API logs too (scripts/web-server.mjs sets it on the request) and
 * the digest the error page shows. Next passes the raw request path: it is logged without its
 * query string or tokens.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logWebError, safeRequestId } = await import("./web/log");
  logWebError("request failed", {
    requestId: safeRequestId(request.headers["x-request-id"]),
    method: request.method,
    path: request.path,
    route: context.routePath,
    routeType: context.routeType,
    error,
  });
};
