import { Readable } from "node:stream";
import { Hono } from "hono";
import { errorBody } from "../errors";
import { verifyDownloadSignature } from "../infra/storage/download-url";
import type { ObjectStorage } from "../infra/storage/types";
import { downloadHeaders } from "./download-headers";

export type FilesRoutesDependencies = {
  storage: ObjectStorage;
  signingSecret: string;
  /** Secrets before a rotation: URLs they signed are served until they expire. */
  previousSigningSecrets?: readonly string[];
  /** Clock in milliseconds; defaults to Date.now. */
  now?: () => number;
};

/**
 * Serves the fs driver's signed download URLs (mounted at /api/files). The URL itself is the
 * authorization: it was issued after a check elsewhere, and its signature binds the key,
 * expiry, disposition and name.
 */
export function createFilesRoutes({
  storage,
  signingSecret,
  previousSigningSecrets = [],
  now = Date.now,
}: FilesRoutesDependencies) {
  const app = new Hono();

  app.get("/:key", async (c) => {
    const key = c.req.param("key");
    const query = {
      exp: c.req.query("exp"),
      disp: c.req.query("disp"),
      name: c.req.query("name"),
      sig: c.req.query("sig"),
    };
    const check = verifyDownloadSignature([signingSecret, ...previousSigningSecrets], key, query, now());
    if (check === "expired") return c.json(errorBody("FORBIDDEN", "downloadLinkExpired"), 403);
    if (check === "invalid") return c.json(errorBody("FORBIDDEN", "downloadLinkInvalid"), 403);

    const object = await storage.get(key);
    if (!object) return c.json(errorBody("NOT_FOUND"), 404);

    // verifyDownloadSignature accepted disp, so it is one of the two values.
    const disposition = query.disp === "attachment" ? "attachment" : "inline";
    const headers = downloadHeaders(object.info, disposition, query.name ?? "");
    if (c.req.method === "HEAD") {
      // Hono answers HEAD through this GET handler and drops the body unread; close the file now.
      object.body.destroy();
      return c.body(null, 200, headers);
    }
    // Node's web stream type and the DOM's are the same object at runtime but differ in typings.
    const body = Readable.toWeb(object.body) as unknown as ReadableStream<Uint8Array>;
    return c.body(body, 200, headers);
  });

  return app;
}
