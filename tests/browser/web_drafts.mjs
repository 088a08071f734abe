// What people type on the game page is kept (issue 31), in real headless Chromium:
//   multi-power: a player of three powers (setup 3a: Austria, Italy, Turkey) types all three
//     sheets (Austria's by clicking the board) and sends once: every power's sheet is
//     received; the same without JavaScript; a phone-sized screenshot of the sheets;
//   live-letter: a letter being written survives the live update to a new phase (the
//     Rust test's game master adjudicates through the API meanwhile);
//   reload: drafts of sheets and letters survive a reload, and are forgotten once sent;
//   cyrillic: 9,000 Cyrillic characters (18,000 bytes of UTF-8, over the 16 KiB a message
//     may hold): the form says so before sending, and a forced send (and a send without
//     JavaScript) shows the page again with the text and the reason.
// Run by crates/entente/tests/web_drafts.rs with {"base", "case", "game", "player",
// "powers", "gmToken", "docs"}.
import { launch, input, run, signIn, assert, shot } from "./lib.mjs";
import { copyFileSync } from "node:fs";
import { join } from "node:path";

const ORDERS = {
  Austria: ["A Vie - Gal", "A Bud - Ser", "F Tri - Alb"],
  Italy: ["A Ven - Pie", "A Rom - Apu", "F Nap - Ion"],
  Turkey: ["A Con - Bul", "A Smy - Arm", "F Ank - Bla"],
  England: ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"],
  France: ["A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mao"],
  Germany: ["A Ber - Kie", "A Mun - Ruh", "F Kie - Den"],
  Russia: ["A Mos - Ukr", "A War - Gal", "F Sev - Bla", "F Stp/sc - Bot"],
};

const norm = (t) => t.trim().toLowerCase().replace(/\s+/g, " ");

// A power's orders entered by clicking: each unit on the board, then its order among the
// legal ones offered (moves by clicking the destination on the board).
async function byClick(p, power, lines) {
  await p.locator(`#orders-${power}`).fill("");
  await p.waitForFunction((pw) => document.querySelectorAll(`#board g.unit.mine[data-pick="${pw}"]`).length > 0, power, { timeout: 20000 });
  for (const line of lines) {
    const province = line.split(/\s+/)[1].toLowerCase().split("/")[0];
    await p.locator(`#board g.unit.mine[data-pick="${power}"][data-loc^="${province}" i]`).first().dispatchEvent("click");
    const dest = line.split(/\s+/).pop().toLowerCase().split("/")[0];
    const target = p.locator(`#board #p-${dest}.dest`);
    await target.waitFor({ state: "attached", timeout: 10000 });
    await target.dispatchEvent("click");
  }
  const typed = (await p.locator(`#orders-${power}`).inputValue()).split("\n").map(norm).sort();
  assert(JSON.stringify(typed) === JSON.stringify(lines.map(norm).sort()), `clicked sheet of ${power}: ${JSON.stringify(typed)}`);
}

// The Send of the form holding this power's sheet (one for all the reader's powers).
const sendOf = (power) => `form:has(#orders-${power}) button[type=submit]:not([formaction])`;

async function echoed(p, power) {
  return p.$$eval(`#echo-${power} li.ok`, (ls) => ls.length);
}

async function gmAct(base, game, token, act) {
  const r = await fetch(`${base}/api/v1/games/${game}/gm`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(act),
  });
  assert(r.ok, `the game master's ${act.act}: ${r.status} ${await r.text()}`);
}

async function drafts(p) {
  return p.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("entente-draft") || k.startsWith("entente-letter")));
}

run(async () => {
  const { base, case: which, game, player, powers, gmToken, docs } = input();
  const browser = await launch();
  const context = async (o) => {
    // Generous: the machine's two cores may be busy with other tests.
    const c = await browser.newContext(o);
    c.setDefaultTimeout(60000);
    return c;
  };
  const errors = [];
  const page = async (o) => {
    const p = await (await context(o)).newPage();
    p.on("pageerror", (e) => errors.push(e.message));
    await signIn(p, base, player);
    await p.goto(`${base}/games/${game}`);
    return p;
  };
  const result = { ok: true, case: which };

  if (which === "multi-power") {
    // A phone: the sheets one under the other.
    const p = await page({ locale: "en-GB", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const [first, ...rest] = powers;
    await byClick(p, first, ORDERS[first]);
    for (const power of rest) await p.fill(`#orders-${power}`, ORDERS[power].join("\n"));
    await p.evaluate(() => window.scrollTo(0, 0));
    await shot(p, "web-drafts-sheets-typed-phone");
    await Promise.all([p.waitForURL(new RegExp(`/games/${game}`)), p.click(sendOf(first))]);
    for (const power of powers) {
      const n = await echoed(p, power);
      assert(n === ORDERS[power].length, `${power}: ${n} of ${ORDERS[power].length} orders received after one Send (what was typed for it was lost)`);
      const text = await p.inputValue(`#orders-${power}`);
      assert(norm(text) === norm(ORDERS[power].join("\n")), `${power}'s sheet shows what was sent: ${text}`);
    }
    // The screenshot for the docs: the phone's screen at the sheets, sent, the one Send
    // kept in reach at the bottom.
    await p.evaluate(() => window.scrollTo(0, document.getElementById("sheets").getBoundingClientRect().top + window.scrollY - 8));
    const path = join(process.env.ENTENTE_ARTIFACTS || "target/browser-artifacts", "web-multi-sheet-phone.png");
    await p.screenshot({ path });
    if (docs) copyFileSync(path, docs);
    result.shot = path;

    // Without JavaScript: the same form, each power's part its own sheet.
    const q = await page({ locale: "fr-FR", javaScriptEnabled: false });
    const changed = { [first]: ORDERS[first].slice(0, 2), [rest[0]]: ORDERS[rest[0]].slice(1), [rest[1]]: ORDERS[rest[1]] };
    for (const power of powers) await q.fill(`#orders-${power}`, changed[power].join("\n"));
    await Promise.all([q.waitForURL(new RegExp(`/games/${game}`)), q.click(sendOf(first))]);
    for (const power of powers) {
      const n = await echoed(q, power);
      assert(n === changed[power].length, `without JavaScript, ${power}: ${n} of ${changed[power].length} orders received`);
    }
    // Back to the whole sheets, for the adjudication the Rust test makes.
    for (const power of powers) await q.fill(`#orders-${power}`, ORDERS[power].join("\n"));
    await Promise.all([q.waitForURL(new RegExp(`/games/${game}`)), q.click(sendOf(first))]);
    for (const power of powers) assert((await echoed(q, power)) === ORDERS[power].length, `${power} sent again`);
  } else if (which === "live-letter") {
    const p = await page({ locale: "en-GB" });
    await p.waitForSelector("body[data-live-open]", { timeout: 20000 });
    await p.evaluate(() => (window.__samePage = true));
    const letter = "Draft to be kept: let us meet in the Black Sea.\nSecond line — ещё строка.";
    await p.check(`#press-form input[name=to][value=Russia]`);
    if (powers.length > 1) await p.selectOption("#press-form select[name=from]", powers[1]);
    await p.fill("#press-form textarea[name=text]", letter);
    const phase = await p.getAttribute("#board", "data-phase");
    await gmAct(base, game, gmToken, { act: "adjudicate", force: true });
    await p.waitForFunction((before) => {
      const b = document.getElementById("board");
      return b && b.getAttribute("data-phase") && b.getAttribute("data-phase") !== before;
    }, phase, { timeout: 30000 });
    assert(await p.evaluate(() => window.__samePage === true), "the new phase came without a reload");
    const kept = await p.inputValue("#press-form textarea[name=text]");
    assert(kept === letter, `the letter being written after the live update to a new phase: ${JSON.stringify(kept)}`);
    assert(await p.isChecked(`#press-form input[name=to][value=Russia]`), "its recipient is still ticked");
    if (powers.length > 1) assert((await p.inputValue("#press-form select[name=from]")) === powers[1], "its sender is still chosen");
    result.phase = await p.getAttribute("#board", "data-phase");
  } else if (which === "reload") {
    const p = await page({ locale: "en-GB" });
    const [first, second] = powers;
    const letter = "Не отправлено: a letter not sent yet";
    await p.fill(`#orders-${first}`, ORDERS[first].join("\n"));
    await p.fill(`#orders-${second}`, ORDERS[second][0]);
    await p.check(`#press-form input[name=to][value=Russia]`);
    await p.fill("#press-form textarea[name=text]", letter);
    await p.reload();
    assert(norm(await p.inputValue(`#orders-${first}`)) === norm(ORDERS[first].join("\n")), `${first}'s draft after a reload: ${await p.inputValue(`#orders-${first}`)}`);
    assert(norm(await p.inputValue(`#orders-${second}`)) === norm(ORDERS[second][0]), `${second}'s draft after a reload`);
    assert(await p.isVisible(`#sheet-${first} .draft-note`), "the sheet says its draft is not sent");
    assert((await p.inputValue("#press-form textarea[name=text]")) === letter, "the letter's draft after a reload");
    assert(await p.isChecked(`#press-form input[name=to][value=Russia]`), "the letter's recipient after a reload");
    await shot(p, "web-drafts-reloaded");
    // Sent: the drafts are forgotten (the server has them).
    await Promise.all([p.waitForURL(new RegExp(`/games/${game}`)), p.click(sendOf(first))]);
    assert((await echoed(p, first)) === ORDERS[first].length, `${first} sent`);
    await Promise.all([p.waitForURL(/#press$/), p.click("#press-form button[type=submit]")]);
    await p.waitForFunction((t) => document.getElementById("press").textContent.includes(t), letter);
    await p.reload();
    const left = await drafts(p);
    assert(left.length === 0, `drafts kept after they were sent: ${left}`);
    assert((await p.inputValue("#press-form textarea[name=text]")) === "", "the letter box is empty once sent");
    assert(!(await p.isVisible(`#sheet-${first} .draft-note`)), "no draft note once sent");
    assert(norm(await p.inputValue(`#orders-${first}`)) === norm(ORDERS[first].join("\n")), "the sheet shows what was received");
  } else if (which === "cyrillic") {
    const long = "ж".repeat(9000);
    const p = await page({ locale: "ru-RU" });
    await p.check(`#press-form input[name=to][value=Russia]`);
    await p.fill("#press-form textarea[name=text]", long);
    const typed = await p.inputValue("#press-form textarea[name=text]");
    assert(typed.length === 9000, `the box takes 9,000 characters (${typed.length})`);
    const counter = p.locator("#press-form .counter");
    await counter.waitFor({ timeout: 10000 });
    assert(await counter.evaluate((e) => e.classList.contains("over")), "the form says the letter is too long before sending");
    const said = await counter.textContent();
    assert(said.includes("18") && said.includes("16"), `the form counts the bytes: ${said}`);
    // Sending from the form is held back; forced (the form posted by hand), the page comes back.
    await p.click("#press-form button[type=submit]");
    assert(p.url().endsWith(`/games/${game}`), `the form did not send: ${p.url()}`);
    await shot(p, "web-drafts-too-long");
    const [r] = await Promise.all([p.waitForNavigation(), p.evaluate(() => document.getElementById("press-form").submit())]);
    assert(r.status() === 413, `a forced send is refused: ${r.status()}`);
    const back = await p.inputValue("#press-form textarea[name=text]");
    assert(back === long, `the refused letter is on the page again (${back.length} characters)`);
    const why = await p.textContent("#press-form [role=alert]");
    assert(why && why.length > 5, `the reason is given: ${why}`);
    assert(await p.isChecked(`#press-form input[name=to][value=Russia]`), "with its recipient");
    await shot(p, "web-drafts-refused");
    // Without JavaScript: the same.
    const q = await page({ locale: "en-GB", javaScriptEnabled: false });
    await q.check(`#press-form input[name=to][value=Russia]`);
    await q.fill("#press-form textarea[name=text]", long);
    const [r2] = await Promise.all([q.waitForNavigation(), q.click("#press-form button[type=submit]")]);
    assert(r2.status() === 413, `without JavaScript, refused: ${r2.status()}`);
    assert((await q.inputValue("#press-form textarea[name=text]")) === long, "without JavaScript, the text is on the page again");
    const why2 = await q.textContent("#press-form [role=alert]");
    assert(/16 KiB/.test(why2), `the reason names the limit: ${why2}`);
  } else {
    throw new Error(`unknown case ${which}`);
  }
  assert(errors.length === 0, `script errors: ${errors.join("; ")}`);
  await browser.close();
  console.log(JSON.stringify(result));
});
