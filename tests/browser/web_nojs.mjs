// The pages without JavaScript (progressive enhancement): a player signs in, reads the game,
// sends orders with the plain form and reads them echoed; the game master adjudicates with
// the plain form of their page; the player reloads and reads the results and the moved unit.
import { launch, input, run, signIn, assert, shot } from "./lib.mjs";

const ORDERS = {
  Austria: "A Vie - Tri\nA Bud - Ser\nF Tri - Alb",
  England: "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
  France: "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao",
  Germany: "A Ber - Kie\nA Mun - Ruh\nF Kie - Den",
  Russia: "A Mos - Ukr\nA War - Gal\nF Sev - Bla\nF Stp/sc - Bot",
  Turkey: "A Con - Bul\nA Smy - Arm\nF Ank - Bla",
  Italy: "A Ven - Pie\nA Rom - Apu\nF Nap - Ion",
};

run(async () => {
  const { base, game, player, gm, powers } = input();
  const browser = await launch();
  // Generous timeouts: the machine's two cores may be busy with other tests.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (o) => {
    const c = await newContext(o);
    c.setDefaultTimeout(60000);
    return c;
  };
  const ctx = await browser.newContext({ javaScriptEnabled: false, locale: "fr-FR" });
  const page = await ctx.newPage();
  await signIn(page, base, player);
  await page.goto(`${base}/games/${game}`);
  assert(await page.isVisible("#board svg"), "the board is on the page");
  for (const power of powers) {
    await page.fill(`#orders-${power}`, ORDERS[power]);
    await Promise.all([page.waitForURL(new RegExp(`/games/${game}`)), page.click("#send-sheets")]);
    const ok = await page.$$eval(`#echo-${power} li.ok`, (ls) => ls.length);
    assert(ok === ORDERS[power].split("\n").length, `${power}: ${ok} orders understood`);
  }
  // A line the parser does not read is echoed with the reason, without JavaScript too.
  const first = powers[0];
  await page.fill(`#orders-${first}`, ORDERS[first] + "\nA Qqq - Zzz");
  await Promise.all([page.waitForURL(new RegExp(`/games/${game}`)), page.click("#send-sheets")]);
  const bad = await page.textContent(`#echo-${first} li.bad`);
  assert(bad.includes("Qqq"), `the unreadable line is shown: ${bad}`);
  await shot(page, "web-nojs-orders");

  const gmCtx = await browser.newContext({ javaScriptEnabled: false });
  const gmPage = await gmCtx.newPage();
  await signIn(gmPage, base, gm);
  await gmPage.goto(`${base}/games/${game}/gm`);
  // "Adjudicate now" asks for a confirmation: a box ticked (without JavaScript too).
  await gmPage.check("form.act:has(input[value=adjudicate]) input[name=confirm]");
  await Promise.all([gmPage.waitForURL(/\/gm$/), gmPage.click("form.act:has(input[value=adjudicate]) button")]);

  await page.goto(`${base}/games/${game}`);
  const judge = await page.textContent("#results pre.judge");
  assert(judge.length > 50, `the results are on the page: ${judge}`);
  assert((await page.textContent("#results h2")).includes("Résultats"), "in French");
  await shot(page, "web-nojs-results");
  await browser.close();
  console.log(JSON.stringify({ ok: true }));
});
