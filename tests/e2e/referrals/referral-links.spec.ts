import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { DEFAULT_PASSWORD, seedUser, signIn, uniqueEmail } from "../support";

test("the links table pages ten at a time and says why a link stopped working", async ({ page, request }) => {
  const owner = await seedUser(request, { role: "admin", firstName: "Paula", lastName: "Pager" });
  await signIn(page, owner);
  const create = async (label: string, maxUses = 10) => {
    const response = await page.request.post("/api/referral/create", {
      headers: { Origin: baseURL },
      data: { expiresInDays: 3, maxUses, label },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { token: string };
  };
  // The oldest link is used up by one registration; eleven newer ones push it to page two.
  const usedUp = await create("single use", 1);
  const email = uniqueEmail("used-up");
  const registered = await request.post("/api/register/personal-referral", {
    headers: { Origin: baseURL },
    data: {
      refToken: usedUp.token,
      firstName: "Uma",
      lastName: "Used",
      email,
      confirmEmail: email,
      phone: "+49 151 23456789",
      phoneCountry: "DE",
      password: DEFAULT_PASSWORD,
      confirmPassword: DEFAULT_PASSWORD,
    },
  });
  expect(registered.status()).toBe(201);
  for (let index = 1; index <= 11; index++) await create(`link ${index}`);

  await page.goto("/referral-management");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(11); // the header and ten links
  const pager = page.getByRole("navigation", { name: "Pages of referral links" });
  await expect(pager).toContainText("Page 1 of 2");
  await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(table).toContainText("link 11");
  await expect(table).not.toContainText("single use");

  // On a desktop screen each row's actions stay on one line.
  const actions = table.getByRole("row").filter({ hasText: "link 11" }).getByRole("cell").last();
  const buttons = await actions.getByRole("button").all();
  const tops = new Set(await Promise.all(buttons.map(async (button) => (await button.boundingBox())?.y)));
  expect(buttons.length).toBe(4);
  expect(tops.size).toBe(1);

  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(table.getByRole("row")).toHaveCount(3);
  const row = table.getByRole("row").filter({ hasText: "single use" });
  await expect(row).toContainText("Used up");
  await expect(row).toContainText("1/1");
  await expect(row.getByRole("button", { name: "Copy" })).toHaveCount(0);
  await expectAccessible(page);

  await pager.getByRole("button", { name: "Previous" }).click();
  await expect(pager).toContainText("Page 1 of 2");
});

test("after 'Generate link' focus is on the new link", async ({ page, request }) => {
  const member = await seedUser(request, { role: "admin", firstName: "Fritz", lastName: "Focus" });
  await signIn(page, member);
  await page.goto("/referral-management");
  await page.getByLabel("Label (only you see it)").fill("focus check");
  await page.getByRole("button", { name: "Generate link" }).press("Enter");
  const newLink = page.getByLabel("Your new referral link");
  await expect(newLink).toBeFocused();
  await expect(newLink).toHaveValue(/\/register\?ref=[\w-]{43,}$/);
});

test("a label that is too long is said beside the label field, which takes the focus", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { role: "admin", firstName: "Lena", lastName: "Label" });
  await signIn(page, member);
  await page.goto("/referral-management");
  const label = page.getByLabel("Label (only you see it)");
  // The input stops typing at 80 characters; a value set around it (say, by an extension) is checked too.
  await label.evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await label.fill("x".repeat(81));
  let created = false;
  page.on("request", (sent) => {
    if (sent.url().endsWith("/api/referral/create")) created = true;
  });
  await page.getByRole("button", { name: "Generate link" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "The label can have at most 80 characters." }),
  ).toBeVisible();
  await expect(label).toHaveAttribute("aria-invalid", "true");
  await expect(label).toBeFocused();
  expect(created).toBe(false);
  await expectAccessible(page);

  await label.fill("for Acme GmbH");
  await page.getByRole("button", { name: "Generate link" }).click();
  await expect(page.getByLabel("Your new referral link")).toBeFocused();
  await expect(page.getByText("The label can have at most 80 characters.")).toHaveCount(0);
});
