import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { showBootstrapSecrets } from "./bootstrap-secrets";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bootstrap-secrets-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function terminal(isTTY: boolean) {
  let written = "";
  const stream = {
    isTTY,
    write(text: string) {
      written += text;
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return { stream, written: () => written };
}

describe("first super admin's sign-in details", () => {
  const text = "First super admin created: admin@example.com\nPassword (shown once; change it): S3cret-pw";

  it("are shown once on a terminal and kept in a file only its owner can read", () => {
    const screen = terminal(true);
    const file = showBootstrapSecrets({ dataDir, text, terminal: screen.stream });
    expect(screen.written()).toContain("S3cret-pw");
    expect(fs.readFileSync(file, "utf8")).toContain("S3cret-pw");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("are not written to an output that is not a terminal (a log collector), only where they are", () => {
    const pipe = terminal(false);
    const file = showBootstrapSecrets({ dataDir, text: `${text}-2`, terminal: pipe.stream });
    expect(pipe.written()).not.toContain("S3cret-pw");
    expect(pipe.written()).toContain(file);
    expect(fs.readFileSync(file, "utf8")).toContain("S3cret-pw-2");
  });
});
