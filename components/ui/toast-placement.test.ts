import { describe, expect, it } from "vitest";
import { TOAST } from "@/lib/constants";
import { toastTop } from "./toast-placement";

const phone = { width: 390, height: 844 };
const small = { width: 640, height: 900 };
const header = { top: 0, bottom: 52, left: 0, right: 640 };

describe("toastTop", () => {
  it("puts the toasts below the header while it is in view", () => {
    expect(toastTop({ viewport: small, header, focused: null, stackHeight: 0 })).toBe(52 + TOAST.marginPx);
    expect(toastTop({ viewport: phone, header, focused: null, stackHeight: 0 })).toBe(52 + TOAST.marginPx);
  });

  it("uses the plain margin when the header has scrolled away or there is none", () => {
    const scrolled = { ...header, top: -200, bottom: -148 };
    expect(toastTop({ viewport: small, header: scrolled, focused: null, stackHeight: 0 })).toBe(
      TOAST.marginPx,
    );
    expect(toastTop({ viewport: small, header: null, focused: null, stackHeight: 0 })).toBe(TOAST.marginPx);
  });

  it("moves below a focused control the toasts would cover", () => {
    const field = { top: 80, bottom: 120, left: 24, right: 616 };
    expect(toastTop({ viewport: small, header, focused: field, stackHeight: 0 })).toBe(120 + TOAST.marginPx);
    // A taller stack on the screen reaches further down.
    const lower = { top: 150, bottom: 190, left: 24, right: 616 };
    expect(toastTop({ viewport: small, header, focused: lower, stackHeight: 0 })).toBe(52 + TOAST.marginPx);
    expect(toastTop({ viewport: small, header, focused: lower, stackHeight: 120 })).toBe(
      190 + TOAST.marginPx,
    );
  });

  it("leaves a focused control outside the toasts' column alone", () => {
    // Left of the 350 px column at 640 px; on a phone the column is the whole width.
    const leftButton = { top: 80, bottom: 120, left: 16, right: 200 };
    expect(toastTop({ viewport: small, header, focused: leftButton, stackHeight: 0 })).toBe(
      52 + TOAST.marginPx,
    );
    expect(toastTop({ viewport: phone, header, focused: leftButton, stackHeight: 0 })).toBe(
      120 + TOAST.marginPx,
    );
  });

  it("stays put when there is no room below the focused control", () => {
    const bottomField = { top: 60, bottom: 850, left: 24, right: 616 };
    expect(toastTop({ viewport: small, header, focused: bottomField, stackHeight: 0 })).toBe(
      52 + TOAST.marginPx,
    );
  });
});
