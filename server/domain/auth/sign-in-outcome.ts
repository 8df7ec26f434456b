import { AppError, type ErrorCode } from "../../errors";
import type { SignInMethod, SignInOutcome } from "../../infra/metrics/app-metrics";

/**
 * A password sign-in refused because the account or the address is over its limit. The caller
 * gets exactly the answer of a wrong password (so a throttled attempt tells nothing about the
 * account); only the metrics tell the two apart.
 */
export class ThrottledSignInError extends AppError {
  constructor() {
    super("INVALID_CREDENTIALS");
  }
}

const OUTCOME_OF_CODE: Partial<Record<ErrorCode, SignInOutcome>> = {
  INVALID_CREDENTIALS: "wrong_credentials",
  CODE_INVALID: "wrong_code",
  CODE_EXPIRED: "wrong_code",
  CODE_ATTEMPTS_EXCEEDED: "throttled",
  RATE_LIMITED: "throttled",
  ACCOUNT_SUSPENDED: "suspended",
  TWO_FACTOR_CHALLENGE_INVALID: "challenge_expired",
};

function outcomeOfError(error: unknown): SignInOutcome {
  if (error instanceof ThrottledSignInError) return "throttled";
  if (error instanceof AppError) return OUTCOME_OF_CODE[error.code] ?? "refused";
  return "error";
}

/**
 * Runs a sign-in step and records how it ended (a session, the second step's challenge, or why
 * not); the answer or error passes through unchanged.
 */
export async function recordSignIn<T>(
  metrics: { recordSignIn(method: SignInMethod, outcome: SignInOutcome): void },
  method: SignInMethod,
  attempt: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    metrics.recordSignIn(method, outcomeOfError(error));
    throw error;
  }
  const secondStep = (result as { mfaRequired?: unknown } | null)?.mfaRequired === true;
  metrics.recordSignIn(method, secondStep ? "second_step_required" : "success");
  return result;
}
