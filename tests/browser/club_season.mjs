// The club's season in the browser (issue 17). Step "admit": the players apply from the
// club's page and the administrator approves them from the administrators' page, then
// creates a gunboat league (draw-size scoring) and its season. Step "season" (after the
// Rust test played the games through the API): the administrator enters the games in the
// season, the standings show the scores computed by hand in English and in Czech, the hall
// of fame, the ratings and the archive show the games, and the season is closed.
import { launch, input, run, assert, shot } from "./lib.mjs";
import { signInTo, submit } from "./club_lib.mjs";

run(async () => {
  const { base, step, admin, players, games, expected } = input();
  const browser = await launch();
  const context = async (locale) => {
    const c = await browser.newContext({ locale });
    c.setDefaultTimeout(60000);
    return c;
  };

  if (step === "admit") {
    for (const [i, name] of players.entries()) {
      const p = await (await context(i % 2 ? "cs-CZ" : "en-GB")).newPage();
      await signInTo(p, base, name, "/club");
      await p.fill("form[action='/club/apply'] input[name=country]", "CZ");
      await p.fill("form[action='/club/apply'] input[name=languages]", "cs, en");
      await submit(p, "form[action='/club/apply'] button[type=submit]");
      const state = await p.textContent("#my-state");
      assert(/waits|čeká/.test(state), `${name} applied: ${state}`);
      if (i === 1) await shot(p, "club-applied-cs");
      await p.context().close();
    }
    const a = await (await context("en-GB")).newPage();
    await signInTo(a, base, admin, "/club/admin");
    const waiting = await a.locator("#applications li").count();
    assert(waiting === players.length, `${waiting} applications`);
    for (let i = 0; i < players.length; i++) {
      await submit(a, "#applications form:has(input[name=act][value=approve]) button");
    }
    assert((await a.locator("#applications li").count()) === 0, "every application approved");
    await a.fill("#new-league input[name=id]", "gunboat");
    await a.fill("#new-league input[name=name]", "Gunboat league");
    await a.selectOption("#new-league select[name=press]", "gunboat");
    await a.selectOption("#new-league select[name=scoring]", "draw-size");
    await a.fill("#new-league input[name=games_per_member]", "2");
    await submit(a, "#new-league button[type=submit]");
    await a.fill("section.league-admin form:has(input[name=do][value=season]) input[name=id]", "s1");
    await a.fill("section.league-admin form:has(input[name=do][value=season]) input[name=name]", "2026/27");
    await submit(a, "section.league-admin form:has(input[name=do][value=season]) button");
    await shot(a, "club-admin-en");
    const members = await (await context("en-GB")).newPage();
    await members.goto(`${base}/club/members`);
    const rows = await members.locator("#members tbody tr").count();
    assert(rows === players.length + 1, `${rows} members listed`);
    console.log(JSON.stringify({ ok: true }));
    await browser.close();
    return;
  }

  // step "season"
  const a = await (await context("en-GB")).newPage();
  await signInTo(a, base, admin, "/club/admin");
  for (const g of games) {
    await a.fill("form:has(input[name=do][value=attach]) input[name=game]", g);
    await submit(a, "form:has(input[name=do][value=attach]) button");
  }
  for (const [locale, lang, words] of [
    ["en-GB", "en", { fame: "Hall of fame", ratings: "Eternal battlefield", archive: "Archive", closed: "closed" }],
    ["cs-CZ", "cs", { fame: "Síň slávy", ratings: "Věčné bojiště", archive: "Archiv", closed: "uzavřena" }],
  ]) {
    const p = await (await context(locale)).newPage();
    await p.goto(`${base}/club/leagues/gunboat/s1`);
    assert((await p.getAttribute("html", "lang")) === lang, `${lang} page`);
    for (const [name, score] of Object.entries(expected)) {
      const row = p.locator("#standings tbody tr", { has: p.locator(`a:text-is("${name}")`) });
      const got = (await row.locator("td.score").textContent()).trim();
      assert(got === score, `${lang}: ${name} scores ${got}, not ${score}`);
    }
    await shot(p, `club-standings-${lang}`);
    await p.goto(`${base}/club/fame`);
    assert((await p.textContent("h1")).includes(words.fame), `${lang} fame title`);
    const draws = await p.locator("section.fame").first().locator("div.draws tbody tr").count();
    assert(draws === 4, `${lang}: ${draws} shares of draws in the hall of fame`);
    await p.goto(`${base}/club/ratings`);
    assert((await p.textContent("h1")).includes(words.ratings), `${lang} ratings title`);
    const rated = await p.locator("#ratings tbody tr").count();
    assert(rated === players.length, `${lang}: ${rated} rated`);
    await p.goto(`${base}/club/archive`);
    assert((await p.textContent("h1")).includes(words.archive), `${lang} archive title`);
    for (const g of games) {
      assert((await p.locator(`#archive a[href='/games/${g}']`).count()) === 1, `${lang}: ${g} archived`);
    }
    await shot(p, `club-archive-${lang}`);
    await p.context().close();
  }
  await a.goto(`${base}/club/admin`);
  await submit(a, "form:has(input[name=do][value=close]) button");
  const cs = await (await context("cs-CZ")).newPage();
  await cs.goto(`${base}/club/leagues/gunboat/s1`);
  assert((await cs.textContent("main")).includes("uzavřena"), "the season closed");
  console.log(JSON.stringify({ ok: true }));
  await browser.close();
});
