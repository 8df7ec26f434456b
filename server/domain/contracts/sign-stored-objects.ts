import type { Logger } from "pino";
import type { ObjectStorage } from "../../infra/storage/types";

/**
 * Deletes contract PDFs stored by a request that then failed. A delete that fails leaves an
 * object no row points to (nobody can get a URL for it), logged for clean-up.
 */
export async function deleteStoredContracts(
  deps: { storage: ObjectStorage; logger: Logger },
  keys: string[],
  why: string,
): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await deps.storage.delete(key);
      } catch (error) {
        deps.logger.warn({ err: error, storageKey: key, why }, "could not delete a stored contract");
      }
    }),
  );
}
