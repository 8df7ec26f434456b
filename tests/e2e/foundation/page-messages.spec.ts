import { expect, test } from "../fixtures";
import { seedUser, signIn } from "../support";

// The client components' texts travel inside each page's HTML. Member pages carry the shared
// namespaces only; the admin screens' texts come with the admin pages, and the mails' texts (the
// API writes the mails) with none. A namespace shows in the page's flight data as its key.
const namespaceIn = (html: string, namespace: string) =>
  new RegExp(`\\\\?"${namespace}\\\\?":\\{`).test(html);

test("member pages carry the shared texts without the admin screens' or the mails'", async ({ page }) => {
  const signInPage = await (await page.request.get("/login")).text();
  expect(namespaceIn(signInPage, "Login")).toBe(true);
  for (const namespace of ["AdminUser", "AdminArea", "Mail", "PayoutStatement"])
    expect(namespaceIn(signInPage, namespace), namespace).toBe(false);

  const member = await seedUser(page.request, { status: "active", approved: true });
  await signIn(page, member);
  const dashboard = await (await page.request.get("/dashboard")).text();
  expect(namespaceIn(dashboard, "Dashboard")).toBe(true);
  expect(namespaceIn(dashboard, "AdminUser")).toBe(false);
  expect(namespaceIn(dashboard, "Mail")).toBe(false);
});

test("admin pages add the admin screens' texts, and their client components use them", async ({ page }) => {
  const admin = await seedUser(page.request, { role: "admin", status: "active", approved: true });
  await signIn(page, admin);
  const html = await (await page.request.get("/admin/user-management")).text();
  expect(namespaceIn(html, "AdminUser")).toBe(true);
  expect(namespaceIn(html, "Header")).toBe(true);
  expect(namespaceIn(html, "Mail")).toBe(false);

  await page.goto("/admin/user-management");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A missing message renders as its key (`AdminUser.…`); none may show.
  await expect(page.locator("body")).not.toContainText(/\bAdmin[A-Z]\w+\.\w+/);
});
