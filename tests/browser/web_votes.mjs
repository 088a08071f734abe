// The account remembers the reader's language, and a game ends by the players' votes from
// the page. The first player chooses Czech on one browser (an English one); a second
// browser, French by its Accept-Language, signed in as the same account, shows Czech too.
// Then every player votes for a draw from the game page, the last vote ends the game, and
// every page shows it finished without a reload of the API (a plain reload of the page).
import { launch, input, run, signIn, assert, shot } from "./lib.mjs";

run(async () => {
  const { base, game, players } = input();
  const browser = await launch();
  const context = async (o) => {
    const c = await browser.newContext(o);
    c.setDefaultTimeout(60000);
    return c;
  };

  // One browser in English: the player picks Czech in the settings.
  const a = await (await context({ locale: "en-US" })).newPage();
  await signIn(a, base, players[0]);
  await a.goto(`${base}/games/${game}`);
  assert((await a.getAttribute("html", "lang")) === "en", "English first");
  await a.click("details.prefs summary");
  await Promise.all([
    a.waitForURL(new RegExp(`/games/${game}`)),
    a.selectOption("details.prefs select[name=lang]", "cs"),
  ]);
  await a.waitForSelector("html[lang=cs]");

  // Another browser, in French, with no cookie of this one: the account's Czech wins
  // once signed in (before, the browser's French).
  const bctx = await context({ locale: "fr-FR" });
  const b = await bctx.newPage();
  await b.goto(`${base}/signin`);
  assert((await b.getAttribute("html", "lang")) === "fr", "the browser's language before signing in");
  await signIn(b, base, players[0]);
  await b.goto(`${base}/games/${game}`);
  const langB = await b.getAttribute("html", "lang");
  assert(langB === "cs", `the account's language on a second browser: ${langB}`);
  await shot(b, "web-votes-second-browser-cs");

  // Every player votes for a draw from the page; the vote is shown back, secret to others.
  const pages = [b];
  for (const name of players.slice(1)) {
    const p = await (await context({ locale: "en-GB" })).newPage();
    await signIn(p, base, name);
    pages.push(p);
  }
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i];
    await p.goto(`${base}/games/${game}`);
    // Opened as a reader opens it; a live update of the page landing on the click (the
    // event of the previous player's vote, late on a loaded machine) may leave it shut,
    // so it is opened again until it shows (a CI run once waited 60 s on a shut one).
    for (let tries = 0; !(await p.$("#end-vote[open]")); tries++) {
      assert(tries < 5, "the end-of-game vote opens");
      await p.click("#end-vote summary");
      await p.waitForSelector("#end-vote[open]", { timeout: 3000 }).catch(() => {});
    }
    await Promise.all([
      p.waitForURL(new RegExp(`/games/${game}`)),
      p.click("#end-vote form[action$='/draw'] button[name=vote][value='1']"),
    ]);
    if (i + 1 < pages.length) {
      const text = await p.textContent("#end-vote");
      assert(/remíz|draw/i.test(text), `the vote is shown back: ${text}`);
    }
  }
  await shot(pages[pages.length - 1], "web-votes-drawn");
  for (const p of pages) {
    await p.goto(`${base}/games/${game}`);
    assert((await p.$("#end-vote")) === null, "no vote controls once the game is over");
  }
  await browser.close();
  console.log(JSON.stringify({ ok: true }));
});
