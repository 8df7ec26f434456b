import type { ReactNode } from "react";

// When the next code may be sent is remembered per email in localStorage, so a reload
// (or a second tab) resumes the countdown instead of mailing yet another code.
const storageKey = (email: string) => `verifyEmail.resendAt.${email.trim().toLowerCase()}`;

export function readResendAt(email: string): number | null {
  try {
    const at = Number(window.localStorage.getItem(storageKey(email)));
    return Number.isFinite(at) && at > Date.now() ? at : null;
  } catch {
    return null;
  }
}

export function writeResendAt(email: string, at: number | null) {
  try {
    if (at) window.localStorage.setItem(storageKey(email), String(at));
    else window.localStorage.removeItem(storageKey(email));
  } catch {
    // Storage can be unavailable (private mode): the countdown then lasts for this page only.
  }
}

/**
 * An email address that wraps only before its `@` and after its dots (never in the middle of a
 * word, which would read as a different address); a single part longer than the line still wraps.
 */
export function breakableAddress(email: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const part of email.split(/(?=@)|(?<=\.)/)) {
    if (offset > 0) nodes.push(<wbr key={offset} />);
    nodes.push(part);
    offset += part.length;
  }
  return nodes;
}
