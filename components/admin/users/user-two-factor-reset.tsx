"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Input, Textarea } from "@/components/ui/input";
import { adminUserApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import { useAdminApiErrorMessage } from "../shared/use-admin-error-text";

type FieldName = "code" | "reason";

/**
 * A super admin turns another account's two-factor sign-in off for an owner who lost their
 * phone: with their own current code and a reason, in a dialog that says what follows (every
 * session of the account ends, the owner is mailed). The API decides who may; the button is
 * shown to super admins only, never on their own page, and only while it is on.
 */
export function UserTwoFactorReset({
  userId,
  email,
  onReset,
}: {
  userId: string;
  email: string;
  onReset: () => void;
}) {
  const t = useTranslations("AdminUser.twoFactorReset");
  const apiErrorMessage = useAdminApiErrorMessage();
  const formId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setCode("");
    setReason("");
    setErrors({});
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing: Partial<Record<FieldName, string>> = {};
    if (!code.trim()) missing.code = t("codeRequired");
    if (!reason.trim()) missing.reason = t("reasonRequired");
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      await api.post(apiPath(adminUserApi.resetTwoFactor, { id: userId }), {
        code: code.trim(),
        reason: reason.trim(),
      });
    } catch (error) {
      setBusy(false);
      const codeWrong = isApiProblem(error) && error.issues.some((issue) => issue.path === "code");
      if (codeWrong) setErrors({ code: t("codeWrong") });
      else setFailure(isApiProblem(error) ? apiErrorMessage(error, t("failed")) : t("failed"));
      return;
    }
    setBusy(false);
    close();
    notify.success(t("done", { email }));
    onReset();
  };

  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {t("button")}
      </Button>
      {open && (
        <Dialog
          title={t("title")}
          description={<p className="break-words">{t("effect", { email })}</p>}
          onClose={close}
          dismissible={!busy}
          initialFocus={cancelRef}
          footer={
            <>
              <Button ref={cancelRef} variant="secondary" size="sm" onClick={close} disabled={busy}>
                {t("cancel")}
              </Button>
              <Button type="submit" form={formId} variant="danger" size="sm" loading={busy}>
                {busy ? t("resetting") : t("confirm")}
              </Button>
            </>
          }
        >
          <form id={formId} noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
            <Field label={t("codeLabel")} hint={t("codeHint")} error={errors.code} required>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              )}
            </Field>
            <Field label={t("reasonLabel")} hint={t("reasonHint")} error={errors.reason} required>
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
            <FormAlert message={failure} />
          </form>
        </Dialog>
      )}
    </>
  );
}
