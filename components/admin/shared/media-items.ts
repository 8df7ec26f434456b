import type { AdminUserDocuments } from "@/lib/schemas/admin-user";

// What the admin user pages derive from the shared answers (lib/schemas/admin-user.ts): the
// media list.

type MediaSide = "front" | "back" | "other";
type MediaKind = "image" | "pdf" | "file";
export type MediaItem = {
  id: string;
  group: "id" | "contract";
  side: MediaSide;
  name: string;
  src: string | null;
  kind: MediaKind;
  /** An ID document replaced after approval (kept for the record). */
  superseded?: boolean;
};

/** Only same-origin paths (the BFF's /api/files/...) may become an img src or a link. */
const sameOrigin = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? url : null);

const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "bmp", "webp"]);

/** Images by extension jpg/jpeg/png/gif/bmp/webp, PDF by .pdf. */
function mediaKind(fileName: string): MediaKind {
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  if (IMAGE_EXTENSIONS.has(extension)) return "image";
  return extension === "pdf" ? "pdf" : "file";
}

/** Names over 24 characters are cut to 21 plus an ellipsis. */
export function shortenFileName(name: string): string {
  const characters = [...name];
  return characters.length > 24 ? `${characters.slice(0, 21).join("")}…` : name;
}

const SIDE_ORDER: Record<MediaSide, number> = { front: 0, back: 1, other: 2 };
const toSide = (side: string | null | undefined): MediaSide =>
  side === "front" || side === "back" ? side : "other";

/** ID documents first, ordered front, back, other (media viewer), then the contracts. */
export function toMediaItems(documents: AdminUserDocuments): MediaItem[] {
  const ids = documents.idDocuments
    .map((document): MediaItem => {
      const name = document.original_filename || document.id_type || document.user_id_document_id;
      return {
        id: `id-${document.user_id_document_id}`,
        group: "id",
        side: toSide(document.side),
        name,
        src: sameOrigin(document.signedUrl),
        kind: mediaKind(document.original_filename),
        superseded: Boolean(document.superseded_at),
      };
    })
    // The current documents first, then the replaced ones.
    .sort((a, b) => Number(a.superseded) - Number(b.superseded) || SIDE_ORDER[a.side] - SIDE_ORDER[b.side]);
  const contracts = documents.contracts.map(
    (contract): MediaItem => ({
      id: `contract-${contract.id}`,
      group: "contract",
      side: "other",
      name: contract.original_filename || contract.id,
      src: sameOrigin(contract.signedUrl),
      kind: mediaKind(contract.original_filename),
    }),
  );
  return [...ids, ...contracts];
}
