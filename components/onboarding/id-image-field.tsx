"use client";

import { useTranslations } from "next-intl";
import type { ChangeEvent, Ref } from "react";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import { useObjectUrl } from "@/components/ui/use-object-url";
import { ID_IMAGE_ACCEPT } from "./id-image";

export type Side = "front" | "back";

/** The upload's progress bar, then 'processing' once every byte is sent. */
export function UploadProgress({ percent }: { percent: number }) {
  const t = useTranslations("IdUpload");
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{percent < 100 ? t("uploading") : t("processing")}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t("progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t("progressText", { percent })}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export type ControlProps = {
  id: string;
  disabled: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** An image input also hands its element to the form, which focuses it when it is refused. */
type ImageInputProps = ControlProps & { ref?: Ref<HTMLInputElement>; onBlur?: () => void };

/** One image of the document: a file input, its limits, its error and a preview of the choice. */
export function ImageField({
  name,
  label,
  hint,
  previewAlt,
  file,
  error,
  inputProps,
  onChange,
}: {
  name: Side;
  label: string;
  hint: string;
  previewAlt: string;
  file: File | null;
  error?: string;
  inputProps: ImageInputProps;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const preview = useObjectUrl(file);
  return (
    <Field id={inputProps.id} label={label} required error={error} hint={hint}>
      {() => (
        <>
          <input
            {...inputProps}
            name={name}
            type="file"
            required
            accept={ID_IMAGE_ACCEPT}
            onChange={onChange}
            className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-medium file:text-brand-800`}
          />
          {preview && file && (
            <figure className="mt-2">
              {/* biome-ignore lint/performance/noImgElement: a local object URL; there is nothing for next/image to optimise. */}
              <img
                src={preview}
                alt={previewAlt}
                className="max-h-48 w-auto max-w-full rounded-lg border border-slate-300 object-contain"
              />
              <figcaption className="mt-1 break-all text-sm text-slate-700">{file.name}</figcaption>
            </figure>
          )}
        </>
      )}
    </Field>
  );
}
