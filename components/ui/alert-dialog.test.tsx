import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AlertDialog, type ConfirmState, runConfirm } from "./alert-dialog";

const dialog = () =>
  renderToStaticMarkup(
    <AlertDialog
      title="Delete user"
      cancelLabel="Cancel"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onCancel={() => {}}
      onConfirm={async () => null}
    >
      <p>Delete ada@example.com?</p>
    </AlertDialog>,
  );

describe("AlertDialog", () => {
  it("is an alertdialog named by its title and described by its question", () => {
    const html = dialog();
    const labelledBy = html.match(/aria-labelledby="([^"]+)"/)?.[1];
    const describedBy = html.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toMatch(/^<dialog role="alertdialog" aria-modal="true"/);
    expect(html).toContain(`<h2 id="${labelledBy}" class="text-lg font-semibold">Delete user</h2>`);
    expect(html).toContain(
      `<div id="${describedBy}" class="mt-2 space-y-2 text-slate-800"><p>Delete ada@example.com?</p>`,
    );
  });

  it("offers Cancel first, then the action, and shows no error before one", () => {
    const html = dialog();
    const cancel = html.indexOf(">Cancel</button>");
    const action = html.indexOf(">Delete</button>");
    expect(cancel).toBeGreaterThan(0);
    expect(action).toBeGreaterThan(cancel);
    expect(html).not.toContain('role="alert"');
  });
});

describe("runConfirm", () => {
  it("is busy while the action runs and shows its error text after it", async () => {
    const states: ConfirmState[] = [];
    let finish: (failure: string | null) => void = () => {};
    const running = runConfirm(
      () => new Promise((resolve) => (finish = resolve)),
      (state) => states.push(state),
    );
    expect(states).toEqual([{ busy: true, error: null }]);
    finish("The user could not be deleted.");
    await running;
    expect(states.at(-1)).toEqual({ busy: false, error: "The user could not be deleted." });
  });

  it("ends without an error when the action is done", async () => {
    const states: ConfirmState[] = [];
    await runConfirm(
      async () => null,
      (state) => states.push(state),
    );
    expect(states).toEqual([
      { busy: true, error: null },
      { busy: false, error: null },
    ]);
  });
});
