"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/form-field";
import { COMPANY_ID_TYPES, PERSONAL_ID_TYPES } from "@/lib/schemas/onboarding";
import type { ControlProps } from "./id-image-field";

export type DetailField = "idType" | "idNumber" | "expiryDate";

/** The API's limit (server/domain/documents/id-upload-fields.ts). */
const ID_NUMBER_MAX_LENGTH = 64;

/** The ID document's type, number and expiry date. */
export function IdDetailsFields({
  accountType,
  values,
  onChange,
  errors,
  controlProps,
  minExpiry,
}: {
  accountType: "personal" | "company";
  values: Record<DetailField, string>;
  onChange: (field: DetailField, value: string) => void;
  errors: Partial<Record<DetailField, string>>;
  controlProps: (field: DetailField, hint?: boolean) => ControlProps;
  minExpiry: string | undefined;
}) {
  const t = useTranslations("IdUpload");
  const types = accountType === "company" ? COMPANY_ID_TYPES : PERSONAL_ID_TYPES;
  return (
    <>
      <Field
        id={controlProps("idType").id}
        label={t("fields.idType", { type: accountType })}
        required
        error={errors.idType}
      >
        {() => (
          <select
            {...controlProps("idType")}
            required
            value={values.idType}
            onChange={(event) => onChange("idType", event.target.value)}
            className={inputClass}
          >
            <option value="">{t("fields.idTypePlaceholder")}</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={controlProps("idNumber").id}
        label={t("fields.idNumber", { type: accountType })}
        required
        error={errors.idNumber}
      >
        {() => (
          <input
            {...controlProps("idNumber")}
            type="text"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={ID_NUMBER_MAX_LENGTH}
            value={values.idNumber}
            onChange={(event) => onChange("idNumber", event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        id={controlProps("expiryDate").id}
        label={t("fields.expiryDate")}
        required
        error={errors.expiryDate}
        hint={t("fields.expiryHint")}
      >
        {() => (
          <input
            {...controlProps("expiryDate", true)}
            type="date"
            required
            min={minExpiry}
            value={values.expiryDate}
            onChange={(event) => onChange("expiryDate", event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
    </>
  );
}
