"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem } from "@/lib/api/problem";
import { referralApi } from "@/lib/api/referrals";
import { REDIRECT_DELAY_MS } from "@/lib/constants";
import { notify } from "@/lib/notify";
import type { AccountType } from "@/lib/vocabulary";
import type { RegistrationValues, SubmitOutcome } from "./registration-fields";
import { outcomeOf, registrationResponseSchema } from "./registration-schemas.lazy";

export type SubmitStatus = "idle" | "submitting" | "success" | "error";

/** Sends a registration, then greets and goes to the login page; failures come back as outcomes. */
export function useRegistrationSubmit(onLinkGone: () => void) {
  const t = useTranslations("Register");
  const router = useRouter();
  const apiErrorMessage = useApiErrorMessage();
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const submit = useCallback(
    async (type: AccountType, values: RegistrationValues): Promise<SubmitOutcome> => {
      setStatus("submitting");
      try {
        await api.post(apiPath(referralApi.register[type]), values, registrationResponseSchema);
        setStatus("success");
        notify.success(t("success"));
        redirectTimer.current = window.setTimeout(
          () => router.push("/login"),
          REDIRECT_DELAY_MS.afterRegistration,
        );
        return { kind: "success" };
      } catch (error) {
        setStatus("error");
        const problem = error instanceof ApiProblem ? error : ApiProblem.network();
        const outcome = (await outcomeOf())(problem, type);
        if (outcome.kind === "linkGone") {
          notify.error(t("invalid.title"));
          onLinkGone();
          return outcome;
        }
        if (outcome.kind === "field") return outcome;
        const fallback = problem.status === 422 ? t("errors.invalidData") : t("errors.failed");
        const message =
          problem.status === 429 || problem.status >= 500 || problem.status === 0
            ? apiErrorMessage(problem, fallback)
            : fallback;
        notify.error(message);
        return { kind: "general", message };
      }
    },
    [apiErrorMessage, onLinkGone, router, t],
  );

  const reset = useCallback(() => setStatus("idle"), []);
  return { status, submit, reset };
}
