import type { MouseEvent } from "react";

/** The API's download URLs live 5 minutes; older ones are fetched anew before use. */
const FRESH_FOR_MS = 4 * 60 * 1000;

/**
 * A click on a link to a signed URL the page loaded at `loadedAt`: while fresh, the link is
 * followed as it is; an older one is asked for anew (`freshUrl`, undefined when the item is no
 * longer listed) and opened instead, and `onFailed` runs when that fails.
 */
export async function openSignedUrl(
  event: MouseEvent<HTMLAnchorElement>,
  loadedAt: number,
  freshUrl: () => Promise<string | undefined>,
  onFailed: () => void,
): Promise<void> {
  if (Date.now() - loadedAt < FRESH_FOR_MS) return;
  event.preventDefault();
  try {
    const url = await freshUrl();
    if (!url) throw new Error("no longer listed");
    window.location.assign(url);
  } catch {
    onFailed();
  }
}
