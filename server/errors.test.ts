import { describe, expect, it } from "vitest";
import de from "../messages/de.json";
import en from "../messages/en.json";
import { AppError, errorBody } from "./errors";

const REFUSAL_NAMESPACES = ["ApiErrors", "AdminApiErrors", "ApiOnlyErrors"] as const;

describe("a refusal's reason", () => {
  it("answers with the code, the reason key and the reason's English text from the catalogue", () => {
    const error = new AppError("CONFLICT", "userAlreadySuspended");
    expect(error.status).toBe(409);
    expect(error.toBody()).toEqual({
      error: {
        code: "CONFLICT",
        reason: "userAlreadySuspended",
        message: en.AdminApiErrors.userAlreadySuspended,
      },
    });
  });

  it("fills the text's placeholders from the details, lists joined", () => {
    const texts = { ...en.ApiErrors, ...en.AdminApiErrors, ...en.ApiOnlyErrors } as Record<string, string>;
    const [reason, text] = Object.entries(texts).find(([, value]) => /\{\w+\}/.test(value)) ?? [];
    expect(reason, "at least one refusal text has a placeholder").toBeDefined();
    const names = [...(text ?? "").matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    const details = Object.fromEntries(names.map((name, index) => [name, index === 0 ? ["a", "b"] : 7]));
    const body = errorBody("CONFLICT", reason as never, details);
    expect(body.error.message).not.toMatch(/\{\w+\}/);
    expect(body.error.message).toContain("a, b");
    expect(body.error.details).toEqual(details);
  });

  it("without a reason, says the code's own sentence and names no reason", () => {
    expect(errorBody("NOT_FOUND")).toEqual({ error: { code: "NOT_FOUND", message: "Resource not found." } });
  });
});

describe("the refusal texts in the catalogue", () => {
  const keysOf = (messages: typeof en) =>
    REFUSAL_NAMESPACES.flatMap((namespace) => Object.keys(messages[namespace]));

  it("name each reason once across their namespaces, so no text hides another", () => {
    const keys = keysOf(en);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it("exist in both languages with the same placeholders, and only plain ones", () => {
    for (const namespace of REFUSAL_NAMESPACES) {
      const english = en[namespace] as Record<string, string>;
      const german = de[namespace] as Record<string, string>;
      expect(Object.keys(german)).toEqual(Object.keys(english));
      for (const [key, text] of Object.entries(english)) {
        const placeholders = (value: string) =>
          [...value.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]).sort();
        // The API fills them without an ICU parser: a plural or select would reach a client raw.
        expect(
          placeholders(text).every((name) => /^\w+$/.test(name ?? "")),
          `${namespace}.${key}`,
        ).toBe(true);
        expect(placeholders(german[key] ?? ""), `${namespace}.${key}`).toEqual(placeholders(text));
      }
    }
  });
});
