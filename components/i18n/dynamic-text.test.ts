import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { textOr } from "./dynamic-text";

const tApi = createTranslator({ locale: "en", messages: en, namespace: "ApiErrors" });
const tAll = createTranslator({ locale: "en", messages: en });

describe("texts with keys known at run time", () => {
  it("give the key's text when there is one", () => {
    const [code, text] = Object.entries(en.ApiErrors).find(([, value]) => !value.includes("{")) ?? ["", ""];
    expect(textOr(tApi, code, "fallback")).toBe(text);
  });

  it("give the fallback for a missing key, without an error", () => {
    expect(textOr(tApi, "NO_SUCH_CODE", "Something went wrong.")).toBe("Something went wrong.");
    expect(textOr(tAll, "Guards.noSuchKey", "fallback")).toBe("fallback");
  });

  it("fill in the placeholders of a nested key", () => {
    expect(textOr(tAll, "Guards.typeOnly", "fallback", { type: "personal" })).toBe(
      createTranslator({ locale: "en", messages: en, namespace: "Guards" })("typeOnly", { type: "personal" }),
    );
  });
});
