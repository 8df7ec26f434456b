"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import type { AccountType } from "@/lib/vocabulary";
import { DataUseNotice } from "./data-use-notice";
import { describedBy } from "./field";
import { FormError } from "./form-error";
import { IdDetailsFields } from "./id-details-fields";
import { ImageField, type Side, UploadProgress } from "./id-image-field";
import { earliestExpiry } from "./local-date";
import { StepSubmit } from "./step-submit";
import { ID_UPLOAD_FORM_ERROR_ID, type IdUploadField, useIdUpload } from "./use-id-upload";

const fieldId = (field: IdUploadField) => `id-upload-${field}`;

/**
 * The ID upload step: type, number, expiry and the images of an ID document;
 * for companies the contact person's. Sent as multipart with a progress bar.
 * `privacyUrl`: the operator's privacy policy, linked from the notice on why the ID is needed.
 */
export function IdUploadForm({ accountType, privacyUrl }: { accountType: AccountType; privacyUrl?: string }) {
  const t = useTranslations("IdUpload");
  const { form, busy, progress, redirecting, formError, chooseFile, fieldError, onSubmit } =
    useIdUpload(accountType);
  const { control, register, setValue, clearErrors } = form;
  const [front, back, hasBackside] = useWatch({ control, name: ["front", "back", "hasBackside"] });
  // Depends on the member's clock and time zone: known only in the browser, not on the server.
  const [minExpiry, setMinExpiry] = useState<string | undefined>(undefined);
  useEffect(() => setMinExpiry(earliestExpiry()), []);

  const controlProps = (field: IdUploadField, hint = false) => ({
    id: fieldId(field),
    disabled: busy,
    "aria-invalid": fieldError(field) ? (true as const) : undefined,
    "aria-describedby": describedBy(fieldId(field), { hint, error: Boolean(fieldError(field)) }),
  });

  const imageField = (side: Side) => (
    <Controller
      control={control}
      name={side}
      render={({ field }) => (
        <ImageField
          name={side}
          label={t(`fields.${side}`)}
          hint={t("fields.fileHint")}
          previewAlt={t("previewAlt", { side })}
          file={side === "front" ? front : back}
          error={fieldError(side)}
          inputProps={{ ...controlProps(side, true), ref: field.ref, onBlur: field.onBlur }}
          onChange={(event) => void chooseFile(side, event.target)}
        />
      )}
    />
  );

  return (
    <form className="space-y-5" noValidate onSubmit={onSubmit}>
      <DataUseNotice topic="id" accountType={accountType} privacyUrl={privacyUrl} />
      <p className="text-sm text-slate-700">{t("requiredNote")}</p>
      <FormError id={ID_UPLOAD_FORM_ERROR_ID} message={formError} />
      <IdDetailsFields
        accountType={accountType}
        register={register}
        errorOf={fieldError}
        controlProps={controlProps}
        minExpiry={minExpiry}
      />

      {imageField("front")}
      <div className="flex items-start gap-3">
        <input
          id="id-upload-hasBackside"
          type="checkbox"
          disabled={busy}
          {...register("hasBackside", {
            // The back image's input goes away; so do its file and its error, or they would come back unseen.
            onChange: () => {
              setValue("back", null);
              clearErrors("back");
            },
          })}
          className="mt-1 size-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <label htmlFor="id-upload-hasBackside" className="text-slate-800">
          {t("fields.hasBackside")}
        </label>
      </div>
      {hasBackside && imageField("back")}

      {progress !== null && <UploadProgress percent={progress} />}

      <StepSubmit
        disabled={busy}
        loading={progress !== null}
        redirecting={redirecting}
        redirectingText={t("redirecting")}
      >
        {progress !== null ? t("uploading") : t("submit")}
      </StepSubmit>
    </form>
  );
}
