import type { AnswerCheck } from "./client";

/**
 * An answer object whose field `name` is a number when present (other fields pass unread): the
 * check of a one-field answer on a page that would otherwise load zod for it alone.
 */
/**
 * An answer object whose field `name` is an object or null (its fields are read one by one
 * afterwards, each checked where it is used).
 */
export function objectWithRecordOrNull<K extends string>(
  name: K,
): AnswerCheck<{ [P in K]: Record<string, unknown> | null }> {
  return {
    safeParse(value) {
      if (!value || typeof value !== "object" || Array.isArray(value)) return { success: false };
      const field = (value as Record<string, unknown>)[name];
      if (field !== null && (typeof field !== "object" || Array.isArray(field))) return { success: false };
      return { success: true, data: value as { [P in K]: Record<string, unknown> | null } };
    },
  };
}

export function objectWithOptionalNumber<K extends string>(name: K): AnswerCheck<{ [P in K]?: number }> {
  return {
    safeParse(value) {
      if (!value || typeof value !== "object" || Array.isArray(value)) return { success: false };
      const field = (value as Record<string, unknown>)[name];
      if (field !== undefined && (typeof field !== "number" || !Number.isFinite(field)))
        return { success: false };
      return { success: true, data: value as { [P in K]?: number } };
    },
  };
}
