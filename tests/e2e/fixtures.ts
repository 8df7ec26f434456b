import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** axe-core on the page as it stands: no WCAG 2.1 A/AA violations. */
export async function expectAccessible(page: Page) {
  // After a client-side navigation or refresh (a language switch), Next streams the new page's
  // <title> after its content: the page is judged once its title has arrived, as a screen reader
  // announces it. A page that never gets one still fails here, with this message.
  await expect
    .poll(() => page.title(), { message: `the page ${page.url()} has no <title>`, timeout: 10_000 })
    .not.toBe("");
  // A toast fading in or out has partial opacity, which axe reads as low contrast. Toasts appear
  // and leave on their own timers (one may start leaving while axe runs), so they are switched to
  // their resting states without transitions; other CSS transitions (not the endless background
  // animations) get at most a second to finish.
  await page.addStyleTag({
    content: "[data-sonner-toast], [data-sonner-toast] * { transition: none !important; }",
  });
  await page.evaluate(async () => {
    const transitions = document
      .getAnimations()
      .filter((animation) => animation.constructor.name === "CSSTransition");
    await Promise.race([
      Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
  });
  // axe cannot enter a frame sandboxed without scripts (it hangs until the test times out), so
  // such frames (the contract template preview) are left out; their content is checked directly.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude("iframe[sandbox]")
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Every test's last page is checked by axe too, so no visited page escapes the check; tests
 * call expectAccessible themselves for the pages they pass through.
 */
export const test = base.extend<{ axeAfterEach: undefined }>({
  axeAfterEach: [
    async ({ page }, use) => {
      await use(undefined);
      if (page.url().startsWith("http")) await expectAccessible(page);
    },
    { auto: true },
  ],
});

export { expect };
