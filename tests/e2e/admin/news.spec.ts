import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";

const tag = () => crypto.randomBytes(4).toString("hex");

/** Writes one news item through the admin page's dialog and waits for it in the list. */
async function writeNews(
  page: Page,
  item: { language: "English" | "German"; title: string; body: string },
): Promise<void> {
  await page.getByRole("button", { name: "Write news" }).click();
  const dialog = page.getByRole("dialog", { name: "Write news" });
  await dialog.getByLabel("Language").selectOption({ label: item.language });
  await dialog.getByLabel("Title").fill(item.title);
  await dialog.getByLabel("Text").fill(item.body);
  await dialog.getByLabel("Published (members see it)").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("article", { name: item.title })).toContainText("Published");
}

test("an admin publishes news in German and English; a member sees each in its language, and unpublishing hides it", async ({
  page,
  browser,
  request,
}) => {
  // Two users, two browsers and four pages checked by axe: more than the default minute.
  test.slow();
  const key = tag();
  const german = `Neuigkeit ${key}`;
  const english = `News ${key}`;
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto("/admin/news");
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  // Samples are marked for admins.
  await expect(page.getByText("Sample", { exact: true }).first()).toBeVisible();

  // The shared schema checks the form before anything is sent.
  await page.getByRole("button", { name: "Write news" }).click();
  const dialog = page.getByRole("dialog", { name: "Write news" });
  await dialog.getByLabel("Link (optional)").fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Please enter a title.")).toBeVisible();
  await expect(dialog.getByText("Please enter the text.")).toBeVisible();
  await expect(
    dialog.getByText("Please enter a web address starting with https:// or http://."),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  await writeNews(page, {
    language: "German",
    title: german,
    body: 'Hallo **Partner**. <script>document.title = "x"</script> [Mehr](javascript:alert(1))',
  });
  await writeNews(page, { language: "English", title: english, body: "Hello **partners**." });
  await expectAccessible(page);

  // The filters live in the URL.
  await page.getByLabel("Language", { exact: true }).selectOption("de");
  await expect(page).toHaveURL(/language=de/);
  await expect(page.getByRole("article", { name: german })).toBeVisible();
  await expect(page.getByRole("article", { name: english })).toHaveCount(0);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await seedUser(request);
  await signIn(memberPage, member);
  await memberPage.goto("/dashboard");
  const news = memberPage.getByRole("region", { name: "Latest news" });
  await expect(news.getByRole("article", { name: english })).toContainText("Hello partners.");
  await expect(news.getByRole("article", { name: german })).toHaveCount(0);

  await memberPage.getByRole("button", { name: /Deutsch/ }).click();
  const neuigkeiten = memberPage.getByRole("region", { name: "Neuigkeiten" });
  const germanItem = neuigkeiten.getByRole("article", { name: german });
  await expect(germanItem).toContainText("Hallo Partner.");
  await expect(neuigkeiten.getByRole("article", { name: english })).toHaveCount(0);
  // The script and the javascript: link arrive as harmless text, never as markup.
  await expect(germanItem.locator("script")).toHaveCount(0);
  await expect(germanItem.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(memberPage).not.toHaveTitle("x");
  await expectAccessible(memberPage);

  // Unpublishing the German item takes it off the member's dashboard.
  await page.getByRole("button", { name: `Unpublish: ${german}` }).click();
  await expect(page.getByRole("article", { name: german })).toContainText("Draft");
  await memberPage.reload();
  await expect(memberPage.getByRole("region", { name: "Neuigkeiten" })).toBeVisible();
  await expect(memberPage.getByRole("article", { name: german })).toHaveCount(0);
  await memberContext.close();
});

test("an admin deletes a news item after confirming, and the page works at 390 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const title = `Delete me ${tag()}`;
  const admin = await seedUser(request, { role: "super_admin" });
  await signIn(page, admin);
  await page.goto("/admin/news");
  await writeNews(page, { language: "English", title, body: "Short-lived." });

  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: `Delete: ${title}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete news item?" });
  await expect(confirm).toContainText(title);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Write news" })).toBeFocused();
});
