// The audit's table on stdout, each figure beside the page speed goals it is held to.
const GOALS = { mobile: 95, desktop: 98, cls: 0.02, jsKiB: 190, axe: 0 };

const show = (value) => (value == null ? "-" : String(value));

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows
    .map((row, index) => {
      const line = row
        .map((cell, column) =>
          column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
        )
        .join("  ");
      return index === 0 ? `${line}\n${widths.map((width) => "-".repeat(width)).join("  ")}` : line;
    })
    .join("\n");
}

/** `*` marks a figure that misses its goal. */
const mark = (value, missed) => (value == null ? "-" : `${value}${missed ? "*" : ""}`);

export function printTable(report) {
  const rows = [["page", "perf(m)", "perf(d)", "LCP ms", "CLS", "TBT ms", "JS KiB", "axe"]];
  for (const entry of report.pages) {
    const mobile = entry.mobile ?? {};
    const desktop = entry.desktop ?? {};
    const violations = entry.axe?.violations;
    const shortPath = entry.path.replace(/\?ref=.*/, "?ref=…").replace(/[0-9a-f-]{36}/, ":id");
    rows.push([
      shortPath + (entry.warnings.length ? " !" : ""),
      mark(mobile.performance, mobile.performance < GOALS.mobile),
      mark(desktop.performance, desktop.performance < GOALS.desktop),
      show(mobile.lcpMs),
      mark(mobile.cls, mobile.cls > GOALS.cls),
      show(mobile.tbtMs),
      mark(mobile.jsKiB, mobile.jsKiB > GOALS.jsKiB),
      violations ? mark(violations.length, violations.length > GOALS.axe) : "ERR",
    ]);
  }
  console.info(table(rows));
  const runs = report.settings.runs;
  console.info(
    `(LCP, CLS, TBT and JS from the mobile run${runs > 1 ? `, Lighthouse's median of ${runs}` : ""}; * misses its goal: perf ≥ ${GOALS.mobile} mobile, ≥ ${GOALS.desktop} desktop, CLS ≤ ${GOALS.cls}, JS ≤ ${GOALS.jsKiB} KiB, axe ${GOALS.axe})`,
  );
  for (const entry of report.pages) {
    for (const violation of entry.axe?.violations ?? [])
      console.info(
        `  ${entry.path}  axe ${violation.id} [${violation.impact}] x${violation.nodes}  e.g. ${violation.example}`,
      );
    for (const warning of entry.warnings) console.info(`  ${entry.path}  ! ${warning}`);
  }
  printProfiles(report);
  const { loadAverageAtStart, loadAverageAtEnd, cpus } = report.machine;
  const benchmarkIndex = report.pages.find((entry) => entry.mobile?.benchmarkIndex)?.mobile.benchmarkIndex;
  console.info(
    `  machine: ${cpus} CPUs, load average ${loadAverageAtStart[0].toFixed(2)} at the start, ${loadAverageAtEnd[0].toFixed(2)} at the end${benchmarkIndex ? `; Lighthouse benchmarkIndex ${Math.round(benchmarkIndex)}` : ""} (other work on the cores lowers the scores)`,
  );
}

const listed = (items) => items.map((item) => `${item.name} ${item.ms}`).join(", ");

/** With --cpu-profile: per page, the long tasks and where the main thread's time went. */
function printProfiles(report) {
  const profiled = report.pages.filter((entry) => entry.cpuProfile);
  if (profiled.length === 0) return;
  console.info(
    `\nWhere the main thread's time went while loading (ms, CPU slowed ${profiled[0].cpuProfile.cpuSlowdown}x, self time):`,
  );
  for (const { path, cpuProfile: profile } of profiled) {
    const tasks = profile.longTasks.map((task) => `${task.ms}@${task.startMs}`).join(" ") || "none";
    console.info(`  ${path}: busy ${profile.busyMs}; long tasks (ms@start) ${tasks}`);
    console.info(`    scripts: ${listed(profile.byScript.slice(0, 5))}`);
    console.info(`    functions: ${listed(profile.byFunction.slice(0, 5))}`);
  }
}
