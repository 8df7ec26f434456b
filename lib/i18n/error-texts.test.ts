import { describe, expect, it } from "vitest";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import { errorTexts } from "./error-texts";

describe("the error screen's texts", () => {
  it("global-error shows the same texts as the error page, in both languages", () => {
    for (const [messages, texts] of [
      [en, errorTexts.en],
      [de, errorTexts.de],
    ] as const) {
      const { documentTitle, ...shared } = texts;
      expect(messages.ErrorPage).toEqual(shared);
      expect(documentTitle).toContain(messages.Common.appName);
    }
  });
});
