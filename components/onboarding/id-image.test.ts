import { describe, expect, it } from "vitest";
import { ID_IMAGE_MAX_BYTES } from "@/lib/constants";
import { idImageProblem, startsLikeImage } from "./id-image";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];

describe("ID image check in the browser", () => {
  it("knows PNG and JPEG by their first bytes", () => {
    expect(startsLikeImage(Uint8Array.from(PNG))).toBe(true);
    expect(startsLikeImage(Uint8Array.from(JPEG))).toBe(true);
    expect(startsLikeImage(new TextEncoder().encode("%PDF-1.7"))).toBe(false);
    expect(startsLikeImage(new Uint8Array())).toBe(false);
  });

  it("refuses a text file named .png with image/png as not an image", async () => {
    const fake = new File(["this is not a picture"], "passport.png", { type: "image/png" });
    expect(await idImageProblem(fake)).toBe("notAnImage");
  });

  it("accepts real PNG and JPEG heads, refuses other names and types, and oversized files", async () => {
    expect(
      await idImageProblem(new File([Uint8Array.from(PNG)], "front.png", { type: "image/png" })),
    ).toBeNull();
    expect(
      await idImageProblem(new File([Uint8Array.from(JPEG)], "front.JPG", { type: "image/jpeg" })),
    ).toBeNull();
    expect(await idImageProblem(new File([Uint8Array.from(PNG)], "front.gif", { type: "image/png" }))).toBe(
      "invalidType",
    );
    expect(
      await idImageProblem(new File([Uint8Array.from(PNG)], "front.png", { type: "application/pdf" })),
    ).toBe("invalidType");
    const big = new File([Uint8Array.from(PNG), new Uint8Array(ID_IMAGE_MAX_BYTES)], "big.png", {
      type: "image/png",
    });
    expect(await idImageProblem(big)).toBe("tooLarge");
  });
});
