"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { Button } from "@/components/ui/button";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { type ApiProblem, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import { FormError } from "../form-error";

const FINISH_ERROR_ID = "contract-finish-error";

/** `details.missing` of a 422 CONTRACT_INCOMPLETE: the templates still without a signed PDF. */
function missingNames(problem: ApiProblem): string[] {
  const details = problem.details as { missing?: unknown } | undefined;
  if (!Array.isArray(details?.missing)) return [];
  return details.missing
    .map((entry) => (typeof entry?.name === "string" ? entry.name : null))
    .filter((name): name is string => Boolean(name));
}

/**
 * After uploading a signed PDF per template the member finishes; the API checks that
 * every template is covered (contractApi.complete) and names the ones that are not.
 */
export function UploadFinish({
  canFinish,
  onFinished,
  onIncomplete,
}: {
  canFinish: boolean;
  onFinished: () => void;
  onIncomplete: () => void;
}) {
  const t = useTranslations("SignContract");
  const locale = useLocale();
  const apiErrorMessage = useApiErrorMessage();
  const [finishing, setFinishing] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (error && !finishing) errorRef.current?.focus();
  }, [error, finishing]);

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  const finish = async () => {
    setError(null);
    setFinishing(true);
    try {
      await api.post(apiPath(contractApi.complete), { lang: locale });
      notify.success(t("upload.finished"));
      setDone(true);
      onFinished();
    } catch (problem) {
      if (!isApiProblem(problem) || problem.status === 0) return fail(t("upload.finishFailed"));
      // The client has already refreshed, and on failure ended the session with its own toast.
      if (problem.status === 401) return;
      if (problem.code === "CONTRACT_INCOMPLETE") {
        const names = missingNames(problem);
        onIncomplete();
        fail(
          names.length > 0
            ? t("upload.missing", { names: names.join(", ") })
            : apiErrorMessage(problem, t("upload.finishFailed")),
        );
        return;
      }
      fail(apiErrorMessage(problem, t("upload.finishFailed")));
    } finally {
      setFinishing(false);
    }
  };

  return (
    <div className="space-y-3">
      <FormError ref={errorRef} id={FINISH_ERROR_ID} message={error} />
      <Button
        disabled={!canFinish || finishing || done}
        loading={finishing}
        aria-describedby={error ? FINISH_ERROR_ID : undefined}
        onClick={() => void finish()}
      >
        {finishing ? t("upload.finishing") : t("upload.finish")}
      </Button>
    </div>
  );
}
