import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { apiURL, e2e } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";
import { onboardPersonalMember } from "./onboard-via-api";

// ID expiry: a member whose ID expires soon sees the notice on the dashboard, with the date in
// the page's language and the way to a new upload; an admin sees a member whose ID has expired
// on the verify page, with the date, in both languages and on a phone.

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const formatDay = (day: string, locale: string, dateStyle: "long" | "medium") =>
  new Intl.DateTimeFormat(locale, { dateStyle, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** A member with an uploaded ID whose expiry date is then moved to `expiryDate`, as time passing would. */
async function memberWithIdExpiring(
  request: APIRequestContext,
  browser: Browser,
  expiryDate: string,
  name: { firstName: string; lastName: string },
) {
  const member = await seedUser(request, { status: "pending", ...name });
  const context = await browser.newContext();
  await onboardPersonalMember(context.request, member, { contract: false });
  await context.close();
  const moved = await request.post(`${apiURL}/api/test/users/${member.id}/id-expiry`, {
    headers: { "x-seed-token": e2e.seedToken },
    data: { expiryDate },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  return member;
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  const { overflow, culprits } = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    // The outermost elements that reach past the right edge: they name what to fix.
    const beyond = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > viewport + 1,
    );
    const outermost = beyond.filter((element) => !beyond.includes(element.parentElement as Element));
    const chain = (element: Element) => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        parts.push(
          `${at.tagName}[${Math.round(at.getBoundingClientRect().width)} ${style.overflowX} ${style.display}]`,
        );
      }
      return parts.join(" < ");
    };
    return {
      overflow: document.documentElement.scrollWidth - viewport,
      culprits: outermost
        .slice(0, 5)
        .map((element) => `${chain(element)} "${element.textContent?.slice(0, 40)}"`),
    };
  });
  expect(overflow, `page wider than ${width} px: ${culprits.join("; ")}`).toBeLessThanOrEqual(0);
}

test("a member whose ID expires within 30 days sees the date and the way to a new upload, in English and German", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const expiryDate = dayFromToday(12);
  const member = await memberWithIdExpiring(request, browser, expiryDate, {
    firstName: "Ida",
    lastName: "Ablauf",
  });
  await signIn(page, member);
  await page.goto("/dashboard");

  const notice = page.getByTestId("id-expiry-notice");
  await expect(
    notice.getByRole("heading", { name: `Your ID expires on ${formatDay(expiryDate, "en", "long")}` }),
  ).toBeVisible();
  const upload = notice.getByRole("link", { name: "Upload a new ID" });
  await expect(upload).toHaveAttribute("href", "/personal-id-upload");
  await expectAccessible(page);

  await page.getByRole("button", { name: /Deutsch/ }).click();
  await expect(
    notice.getByRole("heading", { name: `Ihr Ausweis läuft am ${formatDay(expiryDate, "de", "long")} ab` }),
  ).toBeVisible();
  await expect(notice.getByRole("link", { name: "Neuen Ausweis hochladen" })).toBeVisible();
  await expectAccessible(page);

  // On a phone: the notice fits, and its link leads to the upload of the new ID.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(notice).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await expectAccessible(page);
  await notice.getByRole("link", { name: "Neuen Ausweis hochladen" }).click();
  await expect(page).toHaveURL(/\/personal-id-upload$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("an admin sees a member whose ID has expired on the verify page, and the member is asked for a new one", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const expiredOn = dayFromToday(-3);
  const member = await memberWithIdExpiring(request, browser, expiredOn, {
    firstName: "Otto",
    lastName: "Abgelaufen",
  });

  // The member: the dashboard says the ID has expired and links to the upload.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await memberPage.goto("/dashboard");
  const notice = memberPage.getByTestId("id-expiry-notice");
  await expect(notice.getByRole("heading", { name: "Your ID has expired — upload a new one" })).toBeVisible();
  await expect(notice).toContainText(`It expired on ${formatDay(expiredOn, "en", "long")}.`);
  await expect(notice.getByRole("link", { name: "Upload a new ID" })).toHaveAttribute(
    "href",
    "/personal-id-upload",
  );
  await expectAccessible(memberPage);
  await memberContext.close();

  // A member awaiting approval too, so the verify queue's table shows beside the list.
  const waiting = await seedUser(request, { status: "pending", firstName: "Wanda", lastName: "Wartend" });
  const waitingContext = await browser.newContext();
  await onboardPersonalMember(waitingContext.request, waiting);
  await waitingContext.close();

  // The admin: the member is on the "new ID needed" list with the date.
  const admin = await seedUser(request, { role: "admin", firstName: "Ada", lastName: "Admin" });
  await signIn(page, admin);
  await page.goto("/admin/verify-users");
  const section = page.getByRole("region", { name: "New ID needed" });
  const entry = section.getByTestId("expired-id").filter({ hasText: member.email });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("Otto Abgelaufen");
  await expect(entry).toContainText(`ID expired on ${formatDay(expiredOn, "en", "medium")}`);
  await expect(entry.getByRole("link", { name: /View user/ })).toHaveAttribute(
    "href",
    `/admin/user-management/view/${member.id}`,
  );
  await expectAccessible(page);

  await page.getByRole("button", { name: /Deutsch/ }).click();
  const german = page.getByRole("region", { name: "Neuer Ausweis nötig" });
  const germanEntry = german.getByTestId("expired-id").filter({ hasText: member.email });
  await expect(germanEntry).toContainText(`Ausweis abgelaufen am ${formatDay(expiredOn, "de", "medium")}`);
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(germanEntry).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await expectAccessible(page);
});
