import type { Logger } from "pino";
import type { ObjectStorage } from "./types";

/**
 * Deletes objects that no row points to any more (stored by a request that then failed, or
 * replaced). A delete that fails leaves an object nobody can get a URL for; it is logged with
 * `why`, for clean-up, and does not fail the caller. `kind` names the object in the log line.
 */
export async function deleteStoredObjects(
  deps: { storage: ObjectStorage; logger: Logger },
  keys: string[],
  why: string,
  kind: string,
): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await deps.storage.delete(key);
      } catch (error) {
        deps.logger.warn({ err: error, storageKey: key, why }, `could not delete a stored ${kind}`);
      }
    }),
  );
}
