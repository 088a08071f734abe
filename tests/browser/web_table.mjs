// The face-to-face table: the game master's screen runs a shortened clock (talk, then
// writing without talk); during the writing period a player enters orders on a phone and
// another by the API; at zero the orders are revealed and adjudicated, and the table's
// screen shows the reveal without a reload, then starts the next phase's clock by itself.
import { launch, input, run, signIn, assert, shot, artifacts } from "./lib.mjs";
import { join } from "node:path";

const ORDERS = {
  Austria: "A Vie - Gal\nA Bud - Ser\nF Tri - Alb",
  England: "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
  France: "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao",
  Germany: "A Ber - Kie\nA Mun - Ruh\nF Kie - Den",
  Russia: "A Mos - Ukr\nA War - Gal\nF Sev - Rum\nF Stp/sc - Bot",
  Turkey: "A Con - Bul\nA Smy - Arm\nF Ank - Bla",
};

run(async () => {
  const { base, game, gm, phone, phonePowers, other } = input();
  const browser = await launch();
  // Generous timeouts: the machine's two cores may be busy with other tests.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (o) => {
    const c = await newContext(o);
    c.setDefaultTimeout(60000);
    return c;
  };
  const tv = await (await browser.newContext({ locale: "cs-CZ", viewport: { width: 1600, height: 900 } })).newPage();
  const errors = [];
  tv.on("pageerror", (e) => errors.push(e.message));
  await signIn(tv, base, gm);
  // A shortened clock: 6 s of talk, 18 s of writing; the next clock 2 s after the reveal.
  await tv.goto(`${base}/games/${game}/table?first=0.1&later=0.1&writing=0.3&retreat=0.1&adjustment=0.1&auto=2`);
  const label = async (k) => tv.getAttribute("#clock", `data-l-${k}`);
  assert((await tv.textContent("#period")).includes("Hodiny stojí"), "the clock waits for the game master");
  const mobile = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-GB" })).newPage();
  await signIn(mobile, base, phone);
  await mobile.goto(`${base}/games/${game}`);

  await Promise.all([tv.waitForURL(/\/table\?/), tv.click("#table-start button")]);
  await tv.evaluate(() => (window.__samePage = true));
  const talk = await label("talk");
  await tv.waitForFunction((t) => document.getElementById("period").textContent === t, talk, { timeout: 5000 });
  await shot(tv, "web-table-1-talk");
  const writing = await label("writing");
  await tv.waitForFunction((t) => document.getElementById("period").textContent === t, writing, { timeout: 15000 });
  await shot(tv, "web-table-2-writing");

  // The writing period: the phone's player and the other player send their orders.
  for (const power of phonePowers) {
    await mobile.fill(`#orders-${power}`, ORDERS[power]);
    await Promise.all([mobile.waitForURL(new RegExp(`/games/${game}`)), mobile.click("#send-sheets")]);
  }
  await shot(mobile, "web-table-3-phone-orders");
  for (const power of other.powers) {
    const r = await fetch(`${base}/api/v1/games/${game}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${other.token}` },
      body: JSON.stringify({ power, orders: ORDERS[power] }),
    });
    assert(r.ok, `orders for ${power}: ${r.status}`);
  }
  // Before zero nothing is revealed.
  const still = await tv.evaluate(() => (Date.parse(document.getElementById("clock").getAttribute("data-deadline")) - Date.now()) / 1000);
  assert(still > 0.5, `the orders came in the writing period (${still} s left)`);
  assert(!(await tv.$("#reveal")), "nothing revealed before zero");

  // Zero: revealed and adjudicated, on the same page.
  await tv.waitForSelector("#reveal", { timeout: 20000 });
  assert(await tv.evaluate(() => window.__samePage === true), "the reveal came without a reload");
  const revealed = await tv.textContent("#reveal h2");
  // (The two-player game of the rules is set in 1914.)
  assert(revealed.includes("Jaro 1914"), `the reveal names the phase: ${revealed}`);
  const orders = await tv.$$eval("#reveal g.orders g.order", (gs) => gs.length);
  assert(orders >= 18, `the revealed board draws every order: ${orders}`);
  // The moves are animated: the units that moved slide to where they stand now.
  await tv.waitForFunction(() => document.querySelectorAll("#reveal g.unit[transform]").length >= 10, null, { timeout: 5000 });
  await tv.waitForTimeout(2000);
  await shot(tv, "web-table-4-reveal");
  await tv.screenshot({ path: join(artifacts(), "web-readme-table.png") });
  // The next phase's clock starts by itself (a reload: the start is a plain form).
  await tv.waitForFunction(() => document.getElementById("clock").hasAttribute("data-deadline"), null, { timeout: 15000 });
  assert((await tv.textContent("#clock .phase")).includes("Podzim 1914"), "the next phase's clock runs");
  await shot(tv, "web-table-5-next-clock");
  assert(errors.length === 0, `script errors: ${errors.join("; ")}`);
  await browser.close();
  console.log(JSON.stringify({ ok: true, orders }));
});
