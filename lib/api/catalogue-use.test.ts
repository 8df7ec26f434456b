import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

// A path string in code (not in a comment) that starts with /api/.
const PATH_STRING = /["'`]\/api\//;
const isComment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line);

describe("the endpoint catalogue", () => {
  it("is the only place that spells an API path: app, components, lib, web, server and bench build theirs from it", () => {
    // TypeScript only: the plain Node scripts (scripts/, web/server/*.mjs) cannot import the
    // catalogue's TypeScript, and test code may spell a path to prove what it does.
    const files = ["app", "components", "lib", "web", "server", "bench"]
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith(path.join("lib", "api") + path.sep));
    const spelled = files.flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) =>
          PATH_STRING.test(line) && !isComment(line) ? [`${file}:${index + 1}`] : [],
        ),
    );
    expect(spelled).toEqual([]);
  });
});
