// The password policy, without zod: the strength checklist on the sign-up and reset pages runs
// it as the member types, and those pages load zod only when a form is first checked.

/** Any Unicode, never truncated; 1024 bounds the hashing cost, not the user. */
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_MIN_LENGTH = 8;

const passwordRules = {
  length: (value: string) => [...value].length >= PASSWORD_MIN_LENGTH,
  lowercase: (value: string) => /\p{Ll}/u.test(value),
  uppercase: (value: string) => /\p{Lu}/u.test(value),
  number: (value: string) => /\p{Nd}/u.test(value),
  special: (value: string) => /[^\p{L}\p{Nd}]/u.test(value),
} as const;
/** A password reset link's token, by its length alone (it is random text). */
export const RESET_TOKEN_LENGTH = { min: 20, max: 200 } as const;
export const isResetTokenShape = (token: string) =>
  token.length >= RESET_TOKEN_LENGTH.min && token.length <= RESET_TOKEN_LENGTH.max;

export type PasswordRule = keyof typeof passwordRules;

/** Checklist: each criterion passed or not. */
export function checkPassword(value: string): Record<PasswordRule, boolean> {
  return Object.fromEntries(
    Object.entries(passwordRules).map(([rule, test]) => [rule, test(value)]),
  ) as Record<PasswordRule, boolean>;
}
