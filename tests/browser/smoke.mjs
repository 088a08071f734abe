// The harness itself: Chromium opens a page given as a data URL or a server's address and
// reports what it saw, so a broken browser install fails here first.
import { launch, input, run, assert, shot } from "./lib.mjs";

run(async () => {
  const { url, expect } = input();
  const browser = await launch();
  const page = await browser.newPage();
  await page.goto(url);
  const text = await page.textContent("body");
  assert(text.includes(expect), `expected ${JSON.stringify(expect)} in the page, saw ${JSON.stringify(text)}`);
  await shot(page, "smoke");
  await browser.close();
  console.log(JSON.stringify({ ok: true, text }));
});
