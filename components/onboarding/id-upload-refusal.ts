/** How long a refused member waits, in the unit the message names; "unknown" when no time came. */
export type UploadWait = { unit: "hours" | "minutes" | "unknown"; count: number };

/**
 * The wait in whole hours, or minutes under an hour, rounded up so the member who comes back
 * then is let in. The daily upload limit waits hours; seconds would be noise.
 */
export function uploadWait(seconds: number | null): UploadWait {
  if (seconds === null || seconds <= 0) return { unit: "unknown", count: 0 };
  if (seconds >= 3600) return { unit: "hours", count: Math.ceil(seconds / 3600) };
  return { unit: "minutes", count: Math.ceil(seconds / 60) };
}

/** What the ID upload step says to a refused upload. */
export type IdUploadRefusal =
  | { say: "tooLarge" | "invalidType" }
  | { say: "tooManyUploads"; wait: UploadWait }
  /** The API's issues beside their fields. */
  | { say: "fieldIssues" }
  /** The API's error code in words (ApiErrors), a full storage quota among them. */
  | { say: "apiError" };

export function idUploadRefusal(problem: {
  status: number;
  code: string;
  retryAfterSeconds: number | null;
}): IdUploadRefusal {
  // A full storage quota is a 413 too, but no file is too large: the member cannot fix it by
  // choosing a smaller photo, so it must not say so.
  if (problem.status === 413 && problem.code !== "STORAGE_QUOTA_EXCEEDED") return { say: "tooLarge" };
  if (problem.status === 415) return { say: "invalidType" };
  if (problem.status === 429) return { say: "tooManyUploads", wait: uploadWait(problem.retryAfterSeconds) };
  if (problem.status === 422) return { say: "fieldIssues" };
  return { say: "apiError" };
}
