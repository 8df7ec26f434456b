// Lighthouse (mobile and desktop presets) and axe-core on one page, in Debian's Chromium.
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_FLAGS } from "../chromium-flags.mjs";
import { parseCookies } from "./cookies.mjs";

const CHROME_FLAGS = ["--headless", ...CHROMIUM_FLAGS];
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const launched = new Set();

/** Ends every Chromium this module started (on Ctrl-C, between two runs of Lighthouse). */
export async function killBrowsers() {
  await Promise.all([...launched].map((chrome) => chrome.kill()));
  launched.clear();
}

async function lighthouseOnce(url, formFactor, cookies, chromePath) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  launched.add(chrome);
  try {
    // Real cookies in the browser's default profile (Lighthouse's storage reset keeps cookies), so
    // the proxy, the server components and the client code all see the session.
    if (cookies.length) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0].addCookies(cookies);
      await browser.close();
    }
    const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] };
    // Mobile: Lighthouse's defaults (a mid-range phone, simulated slow 4G, 4x CPU slowdown).
    const result = await lighthouse(url, flags, formFactor === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error("Lighthouse returned no result");
    return result.lhr;
  } finally {
    launched.delete(chrome);
    await chrome.kill();
  }
}

const round = (value, digits = 0) =>
  value == null || Number.isNaN(value) ? null : Number(value.toFixed(digits));

function summarize(lhr) {
  const audits = lhr.audits;
  const metric = (id) => audits[id]?.numericValue ?? null;
  const scripts = (audits["network-requests"]?.details?.items ?? []).filter(
    (item) => item.resourceType === "Script",
  );
  const sum = (key) => scripts.reduce((total, item) => total + (item[key] || 0), 0);
  const score = lhr.categories.performance?.score;
  return {
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.message ?? null,
    performance: score == null ? null : Math.round(score * 100),
    lcpMs: round(metric("largest-contentful-paint")),
    cls: round(metric("cumulative-layout-shift"), 3),
    tbtMs: round(metric("total-blocking-time")),
    fcpMs: round(metric("first-contentful-paint")),
    // Bytes on the wire (compressed, with headers), and after decompression.
    jsKiB: round(sum("transferSize") / 1024, 1),
    jsDecodedKiB: round(sum("resourceSize") / 1024, 1),
    scripts: scripts
      .map((item) => ({ url: new URL(item.url).pathname, kib: round(item.transferSize / 1024, 1) }))
      .sort((a, b) => b.kib - a.kib),
    layoutShifts: (audits["layout-shifts"]?.details?.items ?? []).map((item) => ({
      score: round(item.score, 4),
      node: item.node?.selector ?? item.node?.snippet ?? null,
    })),
    ...largestPaint(audits["lcp-breakdown-insight"]?.details?.items ?? []),
    blocking: blockingWork(audits),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

/**
 * What the largest paint was and where its time went in the trace (time to first byte, an
 * image's load delay and time, render delay), to see why it came late: a large render delay on
 * text the server sent means something held the paint back. Observed, not simulated: the phases
 * tell the proportions, the LCP column the simulated phone's time.
 */
function largestPaint(items) {
  const node = items.find((item) => item?.type === "node");
  const phases = items.find((item) => item?.type === "table")?.items ?? [];
  return {
    lcpElement: node?.selector ?? node?.snippet ?? null,
    lcpPhases: Object.fromEntries(phases.map((phase) => [phase.subpart, round(phase.duration)])),
  };
}

const scriptName = (url) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url; // "Unattributable", "Other"
  }
};

/**
 * Where the main thread's time went, to explain a blocking time over the goal: the long tasks
 * (over 50 ms, each with the script it is attributed to), the scripts that cost the most time to
 * evaluate and compile, and the time per kind of work (script, style and layout, parsing HTML…).
 * Observed durations on this machine, before the mobile preset's 4x CPU slowdown is simulated.
 */
function blockingWork(audits) {
  const items = (id) => audits[id]?.details?.items ?? [];
  return {
    longTasks: items("long-tasks")
      .slice(0, 8)
      .map((task) => ({
        script: scriptName(task.url),
        ms: round(task.duration),
        startMs: round(task.startTime),
      })),
    scripts: items("bootup-time")
      .slice(0, 6)
      .map((item) => ({
        script: scriptName(item.url),
        totalMs: round(item.total),
        scriptingMs: round(item.scripting),
        compileMs: round(item.scriptParseCompile),
      })),
    byKind: Object.fromEntries(
      items("mainthread-work-breakdown").map((item) => [item.group, round(item.duration)]),
    ),
  };
}

/** Lighthouse `runs` times in one form factor; Lighthouse's own median run is reported. */
export async function lighthouseMedian(url, formFactor, cookieHeader, runs, chromePath) {
  const cookies = parseCookies(cookieHeader, url);
  const lhrs = [];
  for (let i = 0; i < runs; i++) lhrs.push(await lighthouseOnce(url, formFactor, cookies, chromePath));
  const median = lhrs.length === 1 ? lhrs[0] : computeMedianRun(lhrs);
  return {
    ...summarize(median),
    allScores: lhrs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
  };
}

/** axe-core's WCAG 2.x A/AA violations at 1280×800, once the page has settled. */
export async function axe(browser, url, cookieHeader) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(parseCookies(cookieHeader, url));
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude("iframe[sandbox]").analyze();
    return {
      status: response?.status() ?? null,
      finalUrl: page.url(),
      violations: result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.length,
        example: violation.nodes[0]?.target?.join(" ") ?? null,
      })),
    };
  } finally {
    await context.close();
  }
}

export const launchAxeBrowser = (chromePath) =>
  chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS, headless: true });
