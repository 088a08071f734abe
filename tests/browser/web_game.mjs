// A whole phase played in browsers against the real server (issue 13's end-to-end test):
// a game master and three players sign up through the pages (the players in Czech, French
// and English, the English one on a 390×844 phone), the game is created with the form and
// starts when the third player joins; each types their orders (the Czech player with Czech
// province names; the French player enters one power's orders by clicking the board), a mistyped line is caught by the live check, two players exchange a
// private message, the third marks ready; the game master sets the deadline a few seconds
// ahead from their page, it passes, the server adjudicates, and
// the results and the moved units appear on every player's page without a reload. The
// third player's pages, network answers and event stream are searched for the others'
// orders and private messages before the results: none may be there. The game page's load
// time and weight are measured. Screenshots of each step go to the artifacts.
import { launch, input, run, assert, shot, artifacts } from "./lib.mjs";
import { join } from "node:path";

const ORDERS = {
  Austria: ["A Vie - Gal", "A Bud - Ser", "F Tri - Alb"],
  England: ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"],
  France: ["A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mao"],
  Germany: ["A Ber - Kie", "A Mun - Ruh", "F Kie - Den"],
  Italy: ["A Ven - Pie", "A Rom - Apu", "F Nap - Ion"],
  Russia: ["A Mos - Ukr", "A War - Gal", "F Sev - Bla", "F Stp/sc - Bot"],
  Turkey: ["A Con - Bul", "A Smy - Arm", "F Ank - Bla"],
};
// The Czech player's sheets, with the provinces' Czech names.
const CZECH = {
  Austria: ["A Vídeň - Halič", "A Budapešť - Srbsko", "F Terst - Albánie"],
  England: ["F Londýn - Severní moře", "F Edi - Nwg", "A Lvp - Yorkshire"],
  France: ["A Paříž - Burgundsko", "A Mar S A Paříž - Burgundsko", "F Bre - Mao"],
  Germany: ["A Berlín - Kiel", "A Mnichov - Porúří", "F Kiel - Den"],
  Italy: ["A Benátky - Piemont", "A Řím - Apu", "F Nap - Ion"],
  Russia: ["A Moskva - Ukrajina", "A Varšava - Halič", "F Sev - Černé moře", "F Stp/sc - Bot"],
  Turkey: ["A Cařihrad - Bulharsko", "A Smy - Arménie", "F Ank - Černé moře"],
};
// Where units stand after the phase, whoever plays whom (no two orders here collide but
// Vie/War - Gal and Sev/Ank - Bla, which bounce).
const MOVED = ["bur", "nth", "nwg", "den", "kie", "ruh", "ser", "alb", "ukr", "bul", "arm", "pie", "apu", "ion", "mao", "bot", "yor"];

const norm = (t) => t.trim().toLowerCase().replace(/\s+/g, " ");

// Enters a power's orders by clicking: each unit on the board, then its order among the
// legal ones offered (the first move by clicking its destination on the board).
async function byClick(p, power, lines) {
  await p.locator(`#orders-${power}`).fill("");
  await p.waitForFunction((pw) => document.querySelectorAll(`#board g.unit.mine[data-pick="${pw}"]`).length > 0, power, { timeout: 10000 });
  let mapClicked = false;
  for (const line of lines) {
    const province = line.split(/\s+/)[1].toLowerCase().split("/")[0];
    const unit = p.locator(`#board g.unit.mine[data-pick="${power}"][data-loc^="${province}" i]`).first();
    await unit.dispatchEvent("click");
    const isMove = / - /.test(line) && !/ [SC] /.test(line);
    if (isMove && !mapClicked) {
      const dest = line.split(/\s+/).pop().toLowerCase().split("/")[0];
      const target = p.locator(`#board #p-${dest}.dest`);
      await target.waitFor({ state: "attached", timeout: 5000 });
      await target.dispatchEvent("click");
      mapClicked = true;
    } else {
      const buttons = p.locator(`#sheet-${power} .picker .orders button[data-text]`);
      await buttons.first().waitFor({ timeout: 5000 });
      const texts = await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute("data-text")));
      const i = texts.findIndex((t) => norm(t) === norm(line));
      assert(i >= 0, `"${line}" is offered among ${texts.length} legal orders`);
      await buttons.nth(i).click();
    }
  }
  const typed = (await p.locator(`#orders-${power}`).inputValue()).split("\n").map(norm).sort();
  const want = lines.map(norm).sort();
  assert(JSON.stringify(typed) === JSON.stringify(want), `clicked sheet ${JSON.stringify(typed)}, want ${JSON.stringify(want)}`);
  // The orders are drawn on the board as they are entered.
  await p.waitForFunction((n) => document.querySelectorAll("#board #draft .draft").length === n, lines.length, { timeout: 10000 });
}

const PRIVATE_1 = "Tajná zpráva 4711: společně proti všem";
const PRIVATE_2 = "Réponse secrète 4712 : d'accord";

run(async () => {
  const { base, prefix } = input();
  const browser = await launch();
  const contexts = {
    gm: await browser.newContext({ locale: "en-GB", timezoneId: "Europe/London" }),
    cs: await browser.newContext({ locale: "cs-CZ", timezoneId: "Europe/Prague" }),
    fr: await browser.newContext({ locale: "fr-FR", timezoneId: "Europe/Paris" }),
    en: await browser.newContext({
      locale: "en-US",
      timezoneId: "America/New_York",
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    }),
  };
  const pages = {};
  for (const [k, c] of Object.entries(contexts)) {
    // Generous: the machine's two cores may be busy with other tests.
    c.setDefaultTimeout(60000);
    pages[k] = await c.newPage();
  }
  const errors = [];
  for (const [k, p] of Object.entries(pages)) {
    p.on("pageerror", (e) => errors.push(`${k}: ${e.message}`));
  }

  // Everything the English player's browser receives, searched later for secrets.
  const seenByEn = [];
  pages.en.on("response", async (r) => {
    const type = r.headers()["content-type"] || "";
    if (type.includes("event-stream")) return;
    try {
      seenByEn.push({ url: r.url(), body: await r.text() });
    } catch (_) {
      /* a redirect has no body */
    }
  });

  // 1. Sign up, each in their language.
  const names = { gm: `${prefix}gm`, cs: `${prefix}jana`, fr: `${prefix}louis`, en: `${prefix}ann` };
  for (const [k, p] of Object.entries(pages)) {
    await p.goto(`${base}/signup`);
    await p.fill("input[name=name]", names[k]);
    await p.fill("input[name=email]", `${names[k]}@example.org`);
    await p.fill("input[name=password]", `password-of-${names[k]}`);
    await Promise.all([p.waitForURL(/\/games$/), p.click("form.card button[type=submit]")]);
  }
  assert((await pages.cs.getAttribute("html", "lang")) === "cs", "the Czech player's page is in Czech");
  assert((await pages.fr.getAttribute("html", "lang")) === "fr", "the French player's page is in French");
  assert((await pages.cs.textContent("h1")).includes("Hry"), "Czech heading");
  await shot(pages.cs, "web-01-signed-up-cs");

  // 2. The game master creates a game of three (setup 3b), adjudicated by hand.
  const gm = pages.gm;
  await gm.goto(`${base}/games/new`);
  await gm.fill("input[name=title]", `${prefix} browser game`);
  await gm.selectOption("select[name=setup]", "3b");
  await gm.selectOption("select[name=deadline_kind]", "manual");
  await shot(gm, "web-02-new-game");
  await Promise.all([gm.waitForURL(/\/games\/g[0-9a-f]+$/), gm.click("form.card button[type=submit]")]);
  const id = gm.url().split("/").pop();

  // 3. The players join from the lobby; the third seat starts the game.
  for (const k of ["cs", "fr", "en"]) {
    const p = pages[k];
    await p.goto(`${base}/games`);
    const form = p.locator(`form[action="/games/${id}/join"]`);
    await Promise.all([p.waitForURL(new RegExp(`/games/${id}$`)), form.locator("button[value=player]").click()]);
  }
  await shot(pages.en, "web-03-joined-phone");

  // 4. Orders by text; the Czech player in Czech, after a typo caught by the live check.
  const powers = {};
  const echoes = {};
  for (const k of ["cs", "fr", "en"]) {
    const p = pages[k];
    await p.goto(`${base}/games/${id}`);
    powers[k] = await p.$$eval("section.sheet", (ss) => ss.map((s) => s.id.replace("sheet-", "")));
    assert(powers[k].length >= 1, `${k} plays no power: ${powers[k]}`);
    echoes[k] = [];
    for (const power of powers[k]) {
      const lines = (k === "cs" ? CZECH : ORDERS)[power];
      const area = p.locator(`#orders-${power}`);
      if (k === "cs" && power === powers[k][0]) {
        await area.fill("");
        await area.pressSequentially("A Xyzzy - Bur");
        const bad = p.locator(`#sheet-${power} .preview li.bad`);
        await bad.waitFor({ timeout: 10000 });
        const why = await bad.textContent();
        assert(why.includes("Xyzzy"), `the live check names the line: ${why}`);
        assert(why.includes("neznámá provincie"), `the reason is in Czech: ${why}`);
        await shot(p, "web-04-live-check-cs");
      }
      if (k === "fr" && power === powers[k][0]) {
        await byClick(p, power, lines);
        await shot(p, "web-04-click-orders-fr");
      } else {
        await area.fill(lines.join("\n"));
      }
      await Promise.all([
        p.waitForURL(new RegExp(`/games/${id}`)),
        p.locator("#send-sheets").click(),
      ]);
      const ok = await p.$$eval(`#echo-${power} li.ok`, (ls) => ls.map((l) => l.textContent));
      const bad = await p.$$eval(`#echo-${power} li.bad, #echo-${power} li.warn`, (ls) => ls.map((l) => l.textContent));
      assert(bad.length === 0 && ok.length === lines.length, `${k} ${power}: echo ${JSON.stringify({ ok, bad })}`);
      echoes[k].push(...ok.map((t) => t.replace("✓", "").trim()));
    }
  }
  assert(
    (await pages.cs.textContent(`#echo-${powers.cs[0]}`)).includes("Přijaté rozkazy"),
    "the Czech echo heading",
  );
  await shot(pages.cs, "web-05-orders-cs");
  await shot(pages.fr, "web-05-orders-fr");
  await shot(pages.en, "web-05-orders-phone");

  // 5. A private message from the Czech player to one of the French player's powers, and a
  // reply; each appears on the other's page without a reload.
  for (const k of ["cs", "fr", "en"]) await pages[k].evaluate(() => (window.__samePage = true));
  const cs = pages.cs, fr = pages.fr;
  await cs.check(`#press-form input[name=to][value=${powers.fr[0]}]`);
  if (powers.cs.length > 1) await cs.selectOption("#press-form select[name=from]", powers.cs[0]);
  await cs.fill("#press-form textarea[name=text]", PRIVATE_1);
  await Promise.all([cs.waitForURL(/#press$/), cs.click("#press-form button[type=submit]")]);
  await fr.waitForFunction((t) => document.getElementById("press").textContent.includes(t), PRIVATE_1, { timeout: 15000 });
  assert(await fr.evaluate(() => window.__samePage === true), "the French page got the message without a reload");
  await fr.waitForFunction(() => {
    const b = document.querySelector("#press h2 .unread");
    return b && !b.hidden && b.textContent.trim() === "1";
  }, null, { timeout: 5000 });
  await fr.check(`#press-form input[name=to][value=${powers.cs[0]}]`);
  if (powers.fr.length > 1) await fr.selectOption("#press-form select[name=from]", powers.fr[0]);
  await fr.fill("#press-form textarea[name=text]", PRIVATE_2);
  await Promise.all([fr.waitForURL(/#press$/), fr.click("#press-form button[type=submit]")]);
  await cs.waitForFunction((t) => document.getElementById("press").textContent.includes(t), PRIVATE_2, { timeout: 15000 });
  await shot(cs, "web-06-press-cs");
  await shot(fr, "web-06-press-fr");

  // 6. The English player marks ready; follows the game's events from here on.
  const en = pages.en;
  await Promise.all([en.waitForURL(new RegExp(`/games/${id}`)), en.click("#ready button[value='1']")]);
  assert((await en.textContent("#ready")).includes("You are ready"), "ready shown");
  // Every event the English player may follow, from the first one on.
  await en.evaluate((gameId) => {
    window.__events = [];
    const es = new EventSource(`/api/v1/games/${gameId}/events?after=0`);
    for (const k of ["phase", "press", "orders", "ready", "joined", "started", "log", "finished", "draw-vote", "deadline-passed"]) {
      es.addEventListener(k, (e) => window.__events.push({ kind: k, data: e.data }));
    }
  }, id);
  await en.waitForFunction(() => window.__events.some((e) => e.kind === "ready"), null, { timeout: 10000 });

  // 7. Before the results: nothing of the others' orders or private press reaches the
  // English player.
  // The secrets: the private messages, the orders as typed (the Czech ones are in Czech:
  // the English player's pages never show Czech names) and as echoed, judge style. The
  // order picker's lists of legal orders (public: they follow from the position) may hold
  // an echoed order inside a support, so the echoes are looked for everywhere but there.
  const secrets = [PRIVATE_1, PRIVATE_2, "4711", "4712"];
  for (const k of ["cs", "fr"]) for (const power of powers[k]) for (const l of (k === "cs" ? CZECH : ORDERS)[power]) secrets.push(l);
  const echoed = [];
  for (const k of ["cs", "fr"]) for (const e of echoes[k]) echoed.push(e);
  const html = await en.content();
  for (const s of [...secrets, ...echoed]) assert(!html.includes(s), `the English player's page shows "${s}"`);
  for (const r of seenByEn) {
    const legal = r.url.includes("/legal?");
    for (const s of legal ? secrets : [...secrets, ...echoed]) {
      assert(!r.body.includes(s), `the English player's browser received "${s}" from ${r.url}`);
    }
  }
  const events = await en.evaluate(() => window.__events);
  for (const e of events) {
    for (const s of secrets) assert(!e.data.includes(s), `an event to the English player holds "${s}"`);
    if (e.kind === "orders" || e.kind === "started") {
      const d = JSON.parse(e.data);
      const named = d.power ? [d.power] : d.powers;
      for (const p of named) assert(powers.en.includes(p), `the English player was told of ${e.kind} for ${p}`);
    }
    if (e.kind === "press") throw new Error("the English player was told of a private message");
  }

  // 8. The game master sees who has sent orders, and sets the deadline a few seconds ahead;
  // the deadline passes and the server's scheduler adjudicates (nobody presses a button).
  for (const k of ["cs", "fr", "en"]) await pages[k].evaluate(() => (window.__samePage = true));
  await gm.goto(`${base}/games/${id}/gm`);
  const subs = await gm.textContent("#submissions");
  assert(!subs.includes("late"), `nobody is late: ${subs}`);
  await shot(gm, "web-07-game-master");
  const deadlineForm = "form.act:has(input[value=deadline])";
  await gm.fill(`${deadlineForm} input[name=at]`, new Date(Date.now() + 4000).toISOString());
  await Promise.all([
    gm.waitForURL(new RegExp(`/games/${id}/gm`)),
    gm.click(`${deadlineForm} button`),
  ]);

  // 9. Every player's page shows the results and the moved units, without a reload.
  for (const k of ["cs", "fr", "en"]) {
    const p = pages[k];
    await p.waitForFunction(() => document.querySelector("#results pre.judge"), null, { timeout: 30000 });
    await p.waitForFunction(
      (locs) => {
        const at = new Set([...document.querySelectorAll("#board g.unit")].map((u) => u.getAttribute("data-loc").toLowerCase().split("/")[0]));
        return locs.every((l) => at.has(l));
      },
      MOVED,
      { timeout: 15000 },
    );
    assert(await p.evaluate(() => window.__samePage === true), `${k}: the results came without a reload`);
    const judge = await p.textContent("#results pre.judge");
    // In the reader's language: names and words.
    const bounce = { cs: /Halič[\s\S]*odražen/, fr: /Galicie[\s\S]*repoussé/, en: /Gal[\s\S]*bounce/i }[k];
    assert(bounce.test(judge), `${k}: the judge form tells the bounce in its language: ${judge}`);
  }
  assert((await pages.cs.textContent("#results h2")).includes("Výsledky"), "Czech results heading");
  assert((await pages.fr.textContent("#results h2")).includes("Résultats"), "French results heading");
  assert((await pages.cs.textContent("#game-meta")).includes("Podzim 1901"), "the Czech page names the new phase");
  await shot(pages.cs, "web-08-results-cs");
  await shot(pages.fr, "web-08-results-fr");
  await shot(pages.en, "web-08-results-phone");
  // What the README shows: the screen as a player sees it, without scrolling.
  await pages.en.evaluate(() => window.scrollTo(0, 0));
  await pages.en.screenshot({ path: join(artifacts(), "web-readme-phone.png") });
  // The history: the first phase with its orders drawn and its results beside the board.
  await pages.cs.setViewportSize({ width: 1280, height: 900 });
  await pages.cs.goto(`${base}/games/${id}?phase=0`);
  assert((await pages.cs.textContent("#shown")).includes("Jaro 1901"), "the history shows the first phase");
  assert((await pages.cs.$$eval("#board g.orders g.order", (g) => g.length)) >= 20, "its orders are drawn");
  await pages.cs.screenshot({ path: join(artifacts(), "web-readme-game-cs.png") });
  await shot(pages.cs, "web-09-history-cs");

  // 10. Speed and weight of the game page (the phone, after the results).
  const loads = [];
  let weight = null;
  for (let i = 0; i < 7; i++) {
    await en.goto(`${base}/games/${id}`, { waitUntil: "load" });
    const m = await en.evaluate(() => {
      const n = performance.getEntriesByType("navigation")[0];
      const board = new TextEncoder().encode(document.getElementById("board").innerHTML).length;
      const resources = performance.getEntriesByType("resource").reduce((s, r) => s + (r.decodedBodySize || 0), 0);
      return { load: n.loadEventEnd - n.startTime, html: n.decodedBodySize, resources, board };
    });
    loads.push(m.load);
    if (i === 0) weight = m;
  }
  // Style sheet and script are cached after the first load: weigh them once, unconditionally.
  const assets = await en.evaluate(async () => {
    let n = 0;
    for (const u of [...document.querySelectorAll("link[rel=stylesheet], script[src]")].map((e) => e.href || e.src)) {
      n += (await (await fetch(u)).arrayBuffer()).byteLength;
    }
    return n;
  });
  loads.sort((a, b) => a - b);
  const median = loads[Math.floor(loads.length / 2)];
  const before = weight.html - weight.board + assets;
  assert(median <= 300, `the game page loads in ${median} ms (over 300)`);
  assert(before <= 500 * 1024, `the game page weighs ${before} bytes before the board (over 500 KB)`);
  assert(errors.length === 0, `script errors: ${errors.join("; ")}`);

  await browser.close();
  console.log(
    JSON.stringify({
      ok: true,
      game: id,
      powers,
      load_ms_median: Math.round(median),
      load_ms_all: loads.map(Math.round),
      page_bytes_before_board: before,
      board_bytes: weight.board,
      html_bytes: weight.html,
      asset_bytes: assets,
    }),
  );
});
