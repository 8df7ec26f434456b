import type { ContentfulStatusCode } from "hono/utils/http-status";
import { reasonValues } from "../lib/api/problem";
import en from "../messages/en.json";

/**
 * Every error the API answers with has one of these codes, which set its HTTP status. A refusal
 * that says more than its code names a reason (below); `message` is the English text of the
 * reason, else the code's own sentence here.
 */
const errorCodes = {
  VALIDATION_FAILED: { status: 422, message: "The request contains invalid data." },
  BAD_REQUEST: { status: 400, message: "The request could not be understood." },
  UNAUTHORIZED: { status: 401, message: "You are not authorized." },
  FORBIDDEN: { status: 403, message: "Access denied." },
  NOT_FOUND: { status: 404, message: "Resource not found." },
  CONFLICT: { status: 409, message: "The resource already exists." },
  GONE: { status: 410, message: "The resource is no longer available." },
  REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive. Please try again." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is too large." },
  STORAGE_QUOTA_EXCEEDED: {
    status: 413,
    message: "Your documents have reached the storage limit. Please contact support.",
  },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "This file type is not supported." },
  RATE_LIMITED: { status: 429, message: "Too many requests. Please wait and try again." },
  INVALID_CREDENTIALS: { status: 401, message: "Invalid credentials" },
  SESSION_EXPIRED: { status: 401, message: "Session expired. Please sign in again." },
  ACCOUNT_SUSPENDED: { status: 403, message: "Your account is suspended. Please contact support." },
  CODE_INVALID: { status: 400, message: "Invalid verification code." },
  CODE_EXPIRED: { status: 400, message: "Verification code expired. Please request a new one." },
  CODE_ATTEMPTS_EXCEEDED: { status: 429, message: "Too many failed attempts. Please wait and try again." },
  TWO_FACTOR_CHALLENGE_INVALID: {
    status: 401,
    message: "Your sign-in has expired. Please enter your password again.",
  },
  TWO_FACTOR_REQUIRED: {
    status: 403,
    message: "Admins must sign in with two-factor sign-in. Set it up, or sign in again with your code.",
  },
  RESET_TOKEN_INVALID: { status: 400, message: "Invalid or expired reset link." },
  CONTRACT_NOT_ELIGIBLE: {
    status: 403,
    message:
      "Please complete email verification, ID upload, and profile completion before signing the contract.",
  },
  CONTRACT_INCOMPLETE: { status: 422, message: "Please sign or upload every contract first." },
  ONBOARDING_INCOMPLETE: {
    status: 409,
    message: "The user has not finished onboarding yet.",
  },
  NO_CONTRACT_TEMPLATES: {
    status: 409,
    message: "No contract templates are available. Please contact support.",
  },
  STAMP_EXISTS: {
    status: 409,
    message: "A company stamp already exists (ID 1). Delete it first to upload a new one.",
  },
  BUYER_UNKNOWN: { status: 422, message: "No member has this buyerSub." },
  ORDER_CONFLICT: { status: 409, message: "This order was reported before with other details." },
  PAYOUTS_NOT_CONFIGURED: {
    status: 409,
    message: "Payouts are off: set PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_IBAN and PAYOUT_DEBTOR_BIC.",
  },
  NOTHING_TO_PAY: { status: 409, message: "No member is owed the payout minimum." },
  PAYOUT_NOT_OPEN: { status: 409, message: "This payout run is no longer open." },
  INTERNAL: { status: 500, message: "An error occurred" },
  SERVICE_UNAVAILABLE: { status: 503, message: "The service is temporarily unavailable." },
} as const satisfies Record<string, { status: ContentfulStatusCode; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

// Why a request was refused, in words, lives in the message catalogue beside the screens' texts,
// so the web tier shows it in the member's language and translators see every sentence:
// - ApiErrors: refusals a member's pages show (sign-in, onboarding, referrals, the profile);
// - AdminApiErrors: refusals only the admin screens show;
// - ApiOnlyErrors: refusals only API clients read (the shop's server calls, requests the web
//   tier never sends), kept out of every page.
// The domain throws a code and a reason key; the answer carries both and the English text.
const reasonTexts = { ...en.ApiErrors, ...en.AdminApiErrors, ...en.ApiOnlyErrors };

/** A key of the refusal texts in messages/*.json. */
export type ErrorReason = keyof typeof reasonTexts;

/**
 * The English text of a reason with its `{placeholders}` filled from the error's details. The
 * refusal texts use plain placeholders only (a test keeps it so), so this needs no ICU parser.
 */
export function reasonText(reason: ErrorReason, details?: unknown): string {
  const values = reasonValues(details);
  return reasonTexts[reason].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export type ErrorBody = {
  error: { code: ErrorCode | (string & {}); message: string; reason?: string; details?: unknown };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly reason?: ErrorReason;
  readonly details?: unknown;

  /**
   * `reason` names the refusal's text (its placeholders are filled from `details`); without one
   * the message is the code's own sentence.
   */
  constructor(code: ErrorCode, reason?: ErrorReason, details?: unknown) {
    super(reason ? reasonText(reason, details) : errorCodes[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = errorCodes[code].status;
    this.reason = reason;
    this.details = details;
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.reason === undefined ? {} : { reason: this.reason }),
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export function errorBody(code: ErrorCode, reason?: ErrorReason, details?: unknown): ErrorBody {
  return new AppError(code, reason, details).toBody();
}

/**
 * A 422 about one field whose issue carries the reason's key, as the form's own messages do:
 * the form translates it (Validation).
 */
export const fieldRefusal = (path: string, reason: ErrorReason): AppError =>
  new AppError("VALIDATION_FAILED", reason, { issues: [{ path, message: reason }] });

/** A 422 about one field whose issue carries the reason's English text. */
export const fieldRefusalInEnglish = (path: string, reason: ErrorReason): AppError =>
  new AppError("VALIDATION_FAILED", reason, { issues: [{ path, message: reasonText(reason) }] });
