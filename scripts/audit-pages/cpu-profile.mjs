// `audit:pages --cpu-profile`: where a page's main-thread time goes while it loads, down to the
// function. Lighthouse tells how long the blocking tasks are and which script started them; it
// does not tell whether that time is our components rendering, React hydrating, or the browser
// compiling and instantiating modules. V8's sampling profiler does, so a blocking time over the
// goal can be explained (and worked on) rather than guessed at.
import { parseCookies } from "./cookies.mjs";

const MOBILE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
// Lighthouse's mobile preset slows the CPU four times; the profile does the same, so its
// milliseconds read like the audit's.
const CPU_SLOWDOWN = 4;
const SAMPLING_MICROSECONDS = 200;
const NOT_WORK = new Set(["(idle)", "(program)", "(root)"]);

const fileName = (url) => (url ? new URL(url).pathname.split("/").pop() || url : "");
const ms = (microseconds) => Math.round(microseconds / 100) / 10;

function add(map, key, value) {
  map.set(key, (map.get(key) ?? 0) + value);
}

const largest = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, microseconds]) => ({ name, ms: ms(microseconds) }));

/** Self time per script file and per function, from V8's CPU profile. */
function selfTimes(profile) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byNode = new Map();
  for (const [index, id] of profile.samples.entries()) add(byNode, id, profile.timeDeltas[index] ?? 0);
  const byScript = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const [id, microseconds] of byNode) {
    const frame = frames.get(id);
    if (NOT_WORK.has(frame.functionName)) continue;
    busy += microseconds;
    const file = fileName(frame.url);
    add(byScript, file || frame.functionName || "(native)", microseconds);
    const where = file ? ` ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : "";
    add(byFunction, `${frame.functionName || "(anonymous)"}${where}`, microseconds);
  }
  return { busyMs: ms(busy), byScript: largest(byScript, 8), byFunction: largest(byFunction, 15) };
}

/**
 * Loads the page once in a fresh context (a cold cache, as Lighthouse's runs are), at a phone's
 * size with the CPU slowed as Lighthouse's mobile preset does, and profiles it until the network
 * has been idle and a second has passed (the effects that run after hydration included).
 */
export async function cpuProfile(browser, url, cookieHeader) {
  const context = await browser.newContext(MOBILE);
  try {
    await context.addCookies(parseCookies(cookieHeader, url));
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const task of list.getEntries())
          window.__longTasks.push({ startMs: Math.round(task.startTime), ms: Math.round(task.duration) });
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: SAMPLING_MICROSECONDS });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(1_000);
    const { profile } = await cdp.send("Profiler.stop");
    const longTasks = await page.evaluate(() => window.__longTasks);
    return { cpuSlowdown: CPU_SLOWDOWN, longTasks, ...selfTimes(profile) };
  } finally {
    await context.close();
  }
}
