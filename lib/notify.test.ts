import { beforeEach, describe, expect, it, vi } from "vitest";

// sonner's dismiss waits for the next frame; the test runs outside a browser.
globalThis.requestAnimationFrame ??= (callback: FrameRequestCallback) =>
  setTimeout(() => callback(performance.now()), 0) as unknown as number;

/** A fresh notify (its state lives in the module); sonner's store is shared by the tests. */
async function load() {
  vi.resetModules();
  const notify = await import("./notify");
  const { toast } = await import("sonner");
  return { ...notify, toast };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("notify before and after the toaster listens", () => {
  beforeEach(() => vi.resetModules());

  it("tells the toaster once, at the first toast, and holds toasts until it listens", async () => {
    const { notify, onToastWanted, toasterListening, toast } = await load();
    const wanted = vi.fn();
    onToastWanted(wanted);
    expect(wanted).not.toHaveBeenCalled();

    notify.success("Saved");
    notify.error("Failed");
    expect(wanted).toHaveBeenCalledTimes(1);
    await settle();
    const before = toast.getHistory().length;
    expect(before).toBe(0);

    toasterListening();
    await settle();
    expect(
      toast
        .getHistory()
        .slice(before)
        .map((shown) => ["title" in shown ? shown.title : null, "type" in shown ? shown.type : null]),
    ).toEqual([
      ["Saved", "success"],
      ["Failed", "error"],
    ]);
  });

  it("a listener that comes after the first toast is told at once", async () => {
    const { notify, onToastWanted } = await load();
    notify.message("Hello");
    const wanted = vi.fn();
    onToastWanted(wanted);
    expect(wanted).toHaveBeenCalledTimes(1);
  });

  it("a loading toast dismissed before the toaster listened is gone when it does", async () => {
    const { notify, toasterListening, toast } = await load();
    const titled = (list: ReturnType<typeof toast.getHistory>) =>
      list.filter((shown) => "title" in shown && shown.title === "Uploading");
    const id = notify.loading("Uploading");
    notify.dismiss(id);
    toasterListening();
    await settle();
    expect(titled(toast.getHistory())).toHaveLength(1);
    expect(titled(toast.getToasts())).toEqual([]);
  });
});
