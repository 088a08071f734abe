// What the club's browser scripts share: signing in on the form, submitting a form.

// Signs `name` in (password `password-of-NAME`) and waits for `next`.
export async function signInTo(page, base, name, next) {
  await page.goto(`${base}/signin?next=${encodeURIComponent(next)}`);
  await page.fill("input[name=name]", name);
  await page.fill("input[name=password]", `password-of-${name}`);
  await Promise.all([page.waitForURL((u) => u.pathname === next), page.click("form.card button[type=submit]")]);
}

// Clicks `selector` and waits for the page it leads to.
export async function submit(page, selector) {
  await Promise.all([page.waitForNavigation(), page.click(selector)]);
}
