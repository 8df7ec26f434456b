/** The image formats an upload may have, named as sharp names them. */
export type ImageType = "png" | "jpeg";

export type ImageRefusal = "unsupported_type" | "too_many_pixels" | "unreadable";

/** Why an uploaded image was refused; the caller chooses the status and the words. */
export class ImageError extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(reason);
    this.name = "ImageError";
  }
}
