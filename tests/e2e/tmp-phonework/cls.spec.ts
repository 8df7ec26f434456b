// Throwaway measurement (not committed): layout shift when the phone field's stand-in is replaced.
import { expect, test } from "../fixtures";
import { referralLink } from "../referrals/referral-support";
import { DEFAULT_PASSWORD, logInWithForm, uniqueEmail } from "../support";

const observeShifts = () => {
  (window as unknown as { shifts: { value: number; recent: boolean }[] }).shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      (window as unknown as { shifts: { value: number; recent: boolean }[] }).shifts.push({ value: entry.value, recent: entry.hadRecentInput });
  }).observe({ type: "layout-shift", buffered: true });
};

test("cls", async ({ page, request }) => {
  const { link } = await referralLink(page, request);
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  await page.route("**/_next/static/chunks/**", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (/PhoneInputCountry/.test(body)) await held;
    await route.fulfill({ response, body });
  });
  await page.addInitScript(observeShifts);
  await page.goto(link);
  const form = page.getByRole("tabpanel", { name: "Personal" });
  const phone = form.getByLabel("Phone number", { exact: true });
  const button = form.getByRole("combobox", { name: /^Phone number: country/ });
  await page.waitForLoadState("networkidle");
  const before = [await button.boundingBox(), await phone.boundingBox()];
  const html1 = await phone.evaluate((e) => e.parentElement?.outerHTML);
  await phone.click();
  await page.keyboard.type("+49 151 23456789");
  release();
  await expect(button).toHaveAttribute("aria-controls", /.+/);
  const after = [await button.boundingBox(), await phone.boundingBox()];
  const html2 = await phone.evaluate((e) => e.parentElement?.outerHTML);
  console.log("BOXES", JSON.stringify(before), JSON.stringify(after));
  console.log("HTML1", html1);
  console.log("HTML2", html2);
  console.log("SHIFTS register", JSON.stringify(await page.evaluate(() => (window as any).shifts)));

  // A saved number: the field loads at once after the form shows, no interaction.
  await form.getByLabel("First name").fill("Cls");
  await form.getByLabel("Last name").fill("Check");
  const email = uniqueEmail("cls");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Confirm email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await form.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await page.unroute("**/_next/static/chunks/**");
  await logInWithForm(page, { email, password: DEFAULT_PASSWORD });
  await page.goto("/personal-complete-profile");
  const saved = page.getByRole("textbox", { name: "Phone", exact: true });
  await expect(saved).toHaveValue(/^0?151/);
  await page.waitForTimeout(1000);
  console.log("VALUE", await saved.inputValue());
  console.log("SHIFTS profile", JSON.stringify(await page.evaluate(() => (window as any).shifts)));
});
