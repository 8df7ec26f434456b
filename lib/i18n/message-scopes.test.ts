import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { adminClientMessages, SERVER_ONLY_NAMESPACES, sharedClientMessages } from "./message-scopes";

const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [relative] : [];
  });
}

/** The files that name a namespace (`useTranslations("X")`, `"X.key"`), by the web tier's area. */
function namespacesUsed(files: string[]): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const namespace of Object.keys(en)) {
      if (new RegExp(`["'\`]${namespace}["'\`.]`).test(text)) used.add(namespace);
    }
  }
  return used;
}

// The scopes' own module names the namespaces it sorts, so it is not read as a user of them.
const webFiles = ["app", "components", "lib", "web"]
  .flatMap(sourceFiles)
  .filter((file) => !file.endsWith(path.join("i18n", "message-scopes.ts")));
const isAdminFile = (file: string) => /^(app|components)[\\/]admin[\\/]/.test(file);

describe("the messages each page carries", () => {
  const shared = Object.keys(sharedClientMessages(en));
  const admin = Object.keys(adminClientMessages(en));

  it("gives member pages every namespace their code names, and no admin or server-only one", () => {
    const used = namespacesUsed(webFiles.filter((file) => !isAdminFile(file)));
    expect([...used].filter((namespace) => !shared.includes(namespace))).toEqual([]);
    expect(shared.filter((namespace) => namespace.startsWith("Admin"))).toEqual([]);
    expect(shared).not.toContain("Mail");
  });

  it("gives admin pages the shared namespaces plus every one the admin screens name", () => {
    const used = namespacesUsed(webFiles.filter(isAdminFile));
    expect(
      [...used].filter((namespace) => !shared.includes(namespace) && !admin.includes(namespace)),
    ).toEqual([]);
    expect(admin.length).toBeGreaterThan(0);
  });

  it("keeps the mails' texts out of every page: no web-tier code names them", () => {
    const used = namespacesUsed(webFiles);
    expect(SERVER_ONLY_NAMESPACES.filter((namespace) => used.has(namespace))).toEqual([]);
  });

  it("splits both languages alike", () => {
    expect(Object.keys(sharedClientMessages(de))).toEqual(shared);
    expect(Object.keys(adminClientMessages(de))).toEqual(admin);
  });
});
