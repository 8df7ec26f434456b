"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { UseFormRegister } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectOptions } from "@/components/ui/select";
import { ID_NUMBER_MAX_LENGTH } from "@/lib/constants";
import { COMPANY_ID_TYPES, PERSONAL_ID_TYPES } from "@/lib/vocabulary";
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
  // Every detail is required; its control gets the field's id and aria wiring (with the hint's id).
  const detail = (
    field: DetailField,
    label: string,
    control: (props: ControlProps) => ReactNode,
    hint?: string,
  ) => (
    <Field id={controlProps(field).id} label={label} required error={errorOf(field)} hint={hint}>
      {() => control(controlProps(field, hint !== undefined))}
    </Field>
  );
  return (
    <>
      {detail("idType", t("fields.idType", { type: accountType }), (props) => (
        <Select {...props} required {...register("idType")}>
          <SelectOptions
            empty={t("fields.idTypePlaceholder")}
            values={types}
            text={(type) => t(`types.${type}`)}
          />
        </Select>
      ))}
      {detail("idNumber", t("fields.idNumber", { type: accountType }), (props) => (
        <Input
          {...props}
          type="text"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={ID_NUMBER_MAX_LENGTH}
          {...register("idNumber")}
        />
      ))}
      {detail(
        "expiryDate",
        t("fields.expiryDate"),
        (props) => (
          <Input {...props} type="date" required min={minExpiry} {...register("expiryDate")} />
        ),
        t("fields.expiryHint"),
      )}
    </>
  );
}
