import type { Logger } from "pino";
import { deleteStoredObjects } from "../../infra/storage/delete-stored-objects";
import type { ObjectStorage } from "../../infra/storage/types";

/** Deletes contract PDFs stored by a request that then failed (a failed delete is logged). */
export function deleteStoredContracts(
  deps: { storage: ObjectStorage; logger: Logger },
  keys: string[],
  why: string,
): Promise<void> {
  return deleteStoredObjects(deps, keys, why, "contract");
}
