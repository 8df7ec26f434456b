import type { ReferralInfo } from "@/lib/schemas/referrals";

/** The referrer shown is the first non-empty name or email; else the unlimited text. */
export function referrerDisplay(
  info: Pick<ReferralInfo, "referrerName" | "referrerEmail" | "isUnlimited">,
): { kind: "name"; value: string } | { kind: "unlimited" } | { kind: "unknown" } {
  const value = [info.referrerName, info.referrerEmail].find((candidate) => candidate?.trim());
  if (value) return { kind: "name", value: value.trim() };
  return info.isUnlimited ? { kind: "unlimited" } : { kind: "unknown" };
}
