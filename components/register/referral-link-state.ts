import type { ReferralInfo } from "@/lib/schemas/referrals";

/** The API takes tokens of at most 200 characters; a longer one can never be a link. */
export const REF_TOKEN_MAX_LENGTH = 200;

export type LinkState =
  | { kind: "checking" }
  | { kind: "invalid" }
  /** The check itself failed (network or a 5xx): it says nothing about the link. */
  | { kind: "unavailable" }
  | { kind: "valid"; info: ReferralInfo };

/**
 * 404 unknown, 410 expired / used up / deactivated / owner inactive, 422 malformed: the link is
 * dead. No answer (status 0), a 5xx, a 429 or an unreadable answer say nothing about it.
 */
export const linkIsDead = (status: number) => status >= 400 && status < 500 && status !== 429;
