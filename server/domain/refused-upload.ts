import { AppError, type ErrorReason } from "../errors";
import type { ImageError } from "../infra/uploads/image-upload";
import type { MultipartError } from "../infra/uploads/read-multipart";

/**
 * The refusals one upload form gives a refused body, as reason keys of the message catalogue;
 * how each refusal maps to a status is shared.
 */
export type UploadRefusalTexts = {
  /** A body or file over its limit (413). */
  tooLarge: ErrorReason;
  /** More fields than the form has, or a field over its limit (422). */
  badFields: ErrorReason;
  /** More files than the form has (422); `badFields` unless given. */
  tooManyFiles?: ErrorReason;
  /** A text field may carry the upload itself (a template's `html`): over its limit it is too large. */
  fieldCarriesUpload?: boolean;
};

/** What a refused multipart body means to the member or admin, in the API's error shape. */
export function refusedUploadError(error: MultipartError, texts: UploadRefusalTexts): AppError {
  switch (error.reason) {
    case "request_too_large":
    case "file_too_large":
      return new AppError("PAYLOAD_TOO_LARGE", texts.tooLarge);
    case "field_too_large":
      return texts.fieldCarriesUpload
        ? new AppError("PAYLOAD_TOO_LARGE", texts.tooLarge)
        : new AppError("VALIDATION_FAILED", texts.badFields);
    case "too_many_files":
      return new AppError("VALIDATION_FAILED", texts.tooManyFiles ?? texts.badFields);
    case "too_many_fields":
      return new AppError("VALIDATION_FAILED", texts.badFields);
    case "not_multipart":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", "multipartRequired");
    case "malformed":
    case "aborted":
      return new AppError("BAD_REQUEST", "uploadIncomplete");
  }
}

/** The refusals one image upload gives a refused image; too many pixels reads alike everywhere. */
export type ImageRefusalTexts = {
  /** Not one of the image types the upload takes (415). */
  invalidType: ErrorReason;
  /** The image's bytes could not be decoded (422). */
  unreadable: ErrorReason;
};

/** What a refused image means to the member or admin, in the API's error shape. */
export function refusedImageError(error: ImageError, texts: ImageRefusalTexts): AppError {
  switch (error.reason) {
    case "unsupported_type":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", texts.invalidType);
    case "too_many_pixels":
      return new AppError("VALIDATION_FAILED", "imageTooManyPixels");
    case "unreadable":
      return new AppError("VALIDATION_FAILED", texts.unreadable);
  }
}
