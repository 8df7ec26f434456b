"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useRef, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { FormField, inputClass, primaryButtonClass } from "@/components/ui/form-field";
import { readApiError } from "@/lib/api-error";
import { notify } from "@/lib/notify";
import { createPermissionSchema } from "@/lib/schemas/admin";

const GUIDELINES = ["prefix", "specific", "snakeCase", "stable"] as const;
const NAME_MAX_LENGTH = 64;
const DESCRIPTION_MAX_LENGTH = 300;

/**
 * Spec §4/§5 add-permission form: the trimmed name is required, the submit waits for a name
 * and for the running request; success resets the form (active again) and refreshes the list.
 */
export function PermissionForm({ onCreated }: { onCreated: () => void }) {
  const t = useTranslations("AdminArea.permissions.form");
  const { apiFetch } = useAuth();
  const id = useId();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [active, setActive] = useState(true);
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [nameTouched, setNameTouched] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const blank = name.trim() === "";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = createPermissionSchema.safeParse({ name, description, is_active: active });
    if (!parsed.success) {
      setNameError(blank ? t("nameRequired") : t("nameInvalid"));
      nameRef.current?.focus();
      return;
    }
    setNameError(undefined);
    setBusy(true);
    const loadingToast = notify.loading(t("creating"));
    try {
      const { name: cleanName, description: cleanDescription, is_active } = parsed.data;
      const response = await apiFetch("/api/permissions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: cleanName, description: cleanDescription, is_active }),
      });
      notify.dismiss(loadingToast);
      // A 401 here means the session is gone: apiFetch has already said so and logged out.
      if (response.status === 401) return;
      if (!response.ok) {
        const error = await readApiError(response);
        // Spec §8: the server's message where it sent one (409 names the duplicate).
        notify.error(!error.code.startsWith("HTTP_") && error.message ? error.message : t("failed"));
        return;
      }
      notify.success(t("created", { name: cleanName }));
      setName("");
      setDescription("");
      setActive(true);
      setNameTouched(false);
      onCreated();
    } catch {
      notify.dismiss(loadingToast);
      notify.error(t("failed"));
    } finally {
      setBusy(false);
      // The submit was disabled during the request, which drops its focus: continue in the name.
      nameRef.current?.focus();
    }
  };

  const nameId = `${id}-name`;
  const describedBy = [`${nameId}-hint`, nameError ? `${nameId}-error` : null].filter(Boolean).join(" ");
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          id={nameId}
          label={t("name")}
          error={nameError}
          hint={
            <>
              <p>{t("nameHint")}</p>
              <p className="mt-2 font-medium text-slate-800">{t("guidelinesHeading")}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {GUIDELINES.map((key) => (
                  <li key={key}>{t(`guidelines.${key}`)}</li>
                ))}
              </ul>
            </>
          }
        >
          <input
            ref={nameRef}
            id={nameId}
            type="text"
            className={`${inputClass} font-mono`}
            value={name}
            required
            maxLength={NAME_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setName(event.target.value);
              setNameTouched(true);
              if (nameError) setNameError(undefined);
            }}
            // The submit is disabled while the name is blank; this says why (spec §5).
            onBlur={() => nameTouched && blank && setNameError(t("nameRequired"))}
          />
        </FormField>
        <FormField id={`${id}-description`} label={t("description")}>
          <textarea
            id={`${id}-description`}
            className={inputClass}
            rows={3}
            value={description}
            maxLength={DESCRIPTION_MAX_LENGTH}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-active`}
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
        />
        <label htmlFor={`${id}-active`} className="text-slate-800">
          {t("active")}
        </label>
      </div>
      <button
        type="submit"
        className={`${primaryButtonClass} sm:w-auto`}
        disabled={blank || busy}
        aria-busy={busy}
      >
        {busy ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
