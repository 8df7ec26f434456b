"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { z } from "zod";
import { notify } from "@/lib/notify";
import { browserSessionSchema } from "@/lib/schemas/auth";
import { mfaChallengeSchema } from "@/lib/schemas/two-factor";
import { useAuth } from "./auth-provider";

/** A session, or (two-factor sign-in on) the challenge of the second step. */
export const loginAnswerSchema = z.union([browserSessionSchema, mfaChallengeSchema]);

/**
 * The end of a sign-in step: a session signs in and opens the dashboard (with the success toast);
 * a two-factor challenge goes on to the second step (`onSecondStep`).
 */
export function useFinishSignIn(onSecondStep?: (challenge: string) => void) {
  const t = useTranslations("Login");
  const router = useRouter();
  const { signIn } = useAuth();
  return (answer: z.output<typeof loginAnswerSchema>) => {
    if ("mfaRequired" in answer) {
      onSecondStep?.(answer.challenge);
      return;
    }
    signIn(answer);
    notify.success(t("success"));
    router.replace("/dashboard");
    router.refresh();
  };
}
