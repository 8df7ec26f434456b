"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegister } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/form-field";
import { SelectOptions } from "@/components/ui/select";
import { ID_NUMBER_MAX_LENGTH } from "@/lib/schemas/id-upload";
import { COMPANY_ID_TYPES, PERSONAL_ID_TYPES } from "@/lib/schemas/onboarding";
import type { ControlProps } from "./id-image-field";
import type { IdUploadValues } from "./use-id-upload";

type DetailField = "idType" | "idNumber" | "expiryDate";

/** The ID document's type, number and expiry date. */
export function IdDetailsFields({
  accountType,
  register,
  errorOf,
  controlProps,
  minExpiry,
}: {
  accountType: "personal" | "company";
  register: UseFormRegister<IdUploadValues>;
  errorOf: (field: DetailField) => string | undefined;
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
        error={errorOf("idType")}
      >
        {() => (
          <select {...controlProps("idType")} required {...register("idType")} className={inputClass}>
            <SelectOptions
              empty={t("fields.idTypePlaceholder")}
              values={types}
              text={(type) => t(`types.${type}`)}
            />
          </select>
        )}
      </Field>
      <Field
        id={controlProps("idNumber").id}
        label={t("fields.idNumber", { type: accountType })}
        required
        error={errorOf("idNumber")}
      >
        {() => (
          <input
            {...controlProps("idNumber")}
            type="text"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={ID_NUMBER_MAX_LENGTH}
            {...register("idNumber")}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        id={controlProps("expiryDate").id}
        label={t("fields.expiryDate")}
        required
        error={errorOf("expiryDate")}
        hint={t("fields.expiryHint")}
      >
        {() => (
          <input
            {...controlProps("expiryDate", true)}
            type="date"
            required
            min={minExpiry}
            {...register("expiryDate")}
            className={inputClass}
          />
        )}
      </Field>
    </>
  );
}
