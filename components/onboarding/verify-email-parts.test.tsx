import { isValidElement } from "react";
import { describe, expect, it } from "vitest";
import { breakableAddress } from "./verify-email-parts";

describe("breakableAddress", () => {
  it("offers line breaks only before the @ and after dots, keeping every letter", () => {
    const nodes = breakableAddress("erika.mustermann@beispiel-firma.de");
    const text = nodes.map((node) => (typeof node === "string" ? node : "|")).join("");
    expect(text).toBe("erika.|mustermann|@beispiel-firma.|de");
    expect(nodes.filter((node) => isValidElement(node) && node.type === "wbr")).toHaveLength(3);
  });
});
