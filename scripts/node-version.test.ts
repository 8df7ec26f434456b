import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { unsupportedNode } from "./node-version.mjs";

describe("the Node.js version check", () => {
  it("accepts the required version and later, and refuses earlier ones with what to do", () => {
    expect(unsupportedNode("24.11.0", ">=24.11")).toBeUndefined();
    expect(unsupportedNode("24.21.0", ">=24.11")).toBeUndefined();
    expect(unsupportedNode("26.0.0", ">=24.11")).toBeUndefined();
    expect(unsupportedNode("24.10.9", ">=24.11")).toContain("Node.js >=24.11 is required; this is 24.10.9");
    expect(unsupportedNode("20.20.2", ">=24.11")).toContain("npm start");
  });

  it("reads the requirement from package.json, which asks for Node 24 LTS", () => {
    const engines = JSON.parse(fs.readFileSync("package.json", "utf8")).engines.node;
    expect(engines).toMatch(/^>=24\./);
    expect(unsupportedNode("22.12.0")).toContain(engines);
  });

  it("runs the tests themselves on Node 24 (npm scripts find node_modules/.bin/node first)", () => {
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
    const child = spawnSync("node", ["--version"], { encoding: "utf8" });
    expect(child.stdout.trim()).toBe(`v${process.versions.node}`);
  });
});
