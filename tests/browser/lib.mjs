// Shared by the browser tests: launches real headless Chromium (Debian's `chromium`, or the
// browser named by ENTENTE_CHROMIUM) through Playwright, and small helpers for the scripts.
// Every script is run by a Rust test (crates/entente/tests/common/browser.rs) as
//   node tests/browser/SCRIPT.mjs '{"base":"http://127.0.0.1:PORT", ...}'
// and fails by throwing (exit code 1, the message on stderr); artifacts (screenshots) go to
// the directory named by ENTENTE_ARTIFACTS (default target/browser-artifacts).
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export const executable = process.env.ENTENTE_CHROMIUM || "/usr/bin/chromium";

export async function launch() {
  return chromium.launch({
    executablePath: executable,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
}

/** The JSON argument given by the Rust test. */
export function input() {
  return JSON.parse(process.argv[2] || "{}");
}

export function artifacts() {
  const dir = process.env.ENTENTE_ARTIFACTS || "target/browser-artifacts";
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Saves a full-page screenshot NAME.png among the artifacts; returns its path. */
export async function shot(page, name) {
  const path = join(artifacts(), `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

/** Signs in through the page as `name` (the tests' accounts have the password
 * `password-of-NAME`), waiting for the lobby. */
export async function signIn(page, base, name) {
  await page.goto(`${base}/signin`);
  await page.fill("input[name=name]", name);
  await page.fill("input[name=password]", `password-of-${name}`);
  await Promise.all([page.waitForURL(/\/games$/), page.click("form.card button[type=submit]")]);
}

/** Runs `main`, turning a throw into exit code 1 with the message on stderr. */
export function run(main) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e && e.stack ? e.stack : String(e));
      process.exit(1);
    },
  );
}
