import { ID_IMAGE_MAX_BYTES } from "@/lib/constants";

// ID images are PNG or JPEG: by the browser's type, the name's extension and the file's own
// first bytes (a renamed file says `.png` and `image/png` whatever it holds).
const IMAGE_TYPES = ["image/png", "image/jpeg"];
const IMAGE_EXTENSION = /\.(png|jpe?g)$/i;
export const ID_IMAGE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** Whether the bytes start like a PNG or a JPEG image. */
export function startsLikeImage(bytes: Uint8Array): boolean {
  const startsWith = (signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  return startsWith(PNG_SIGNATURE) || startsWith(JPEG_SIGNATURE);
}

export type IdImageProblem = "invalidType" | "notAnImage" | "tooLarge";

/** Why a chosen file cannot be an ID image, or null when it can; reads only its first bytes. */
export async function idImageProblem(file: File): Promise<IdImageProblem | null> {
  if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSION.test(file.name)) return "invalidType";
  if (file.size > ID_IMAGE_MAX_BYTES) return "tooLarge";
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  return startsLikeImage(head) ? null : "notAnImage";
}
