// The club's rules in the browser (issue 17). The administrator limits game creation to
// the game masters and creates a league on the form (variant, press, deadlines, games per
// member, C-Diplo scoring, the best games counted); the log reads as a table in four
// languages; a member is refused the new-game form with the club's reason (403), the game
// master creates an unrated game on it.
import { launch, input, run, assert, shot } from "./lib.mjs";
import { signInTo, submit } from "./club_lib.mjs";

run(async () => {
  const { base, admin, member, gm } = input();
  const browser = await launch();
  const context = async (locale) => {
    const c = await browser.newContext({ locale });
    c.setDefaultTimeout(60000);
    return c;
  };

  const a = await (await context("en-GB")).newPage();
  await signInTo(a, base, admin, "/club/admin");
  await a.selectOption("#pages select[name=game_creation]", "game-masters");
  await submit(a, "#pages button[type=submit]");
  await a.fill("#new-league input[name=id]", "cd");
  await a.fill("#new-league input[name=name]", "C-Diplo league");
  await a.selectOption("#new-league select[name=variant]", "ancmed");
  await a.selectOption("#new-league select[name=press]", "public-only");
  await a.fill("#new-league input[name=deadlines]", "48 hours a phase");
  await a.fill("#new-league input[name=games_per_member]", "3");
  await a.selectOption("#new-league select[name=scoring]", "c-diplo");
  await a.selectOption("#new-league select[name=aggregate]", "best");
  await a.fill("#new-league input[name=best_games]", "2");
  await submit(a, "#new-league button[type=submit]");
  await a.context().close();

  // The log: a table of who, what, whom and when, in each language; never raw JSON.
  for (const [locale, lang, words] of [
    ["en-GB", "en", ["set who may create games", "game masters and administrators", "created the league", "cd", "approved the application"]],
    ["cs-CZ", "cs", ["nastavil(a), kdo smí zakládat hry", "vedoucí her a správci", "založil(a) ligu"]],
    ["fr-FR", "fr", ["a réglé qui peut créer des parties", "les maîtres de jeu et les administrateurs", "a créé la ligue"]],
    ["ru-RU", "ru", ["изменил(а), кто может создавать игры", "ведущие и администраторы", "создал(а) лигу"]],
  ]) {
    const p = await (await context(locale)).newPage();
    await signInTo(p, base, admin, "/club/admin");
    assert((await p.getAttribute("html", "lang")) === lang, `${lang} page`);
    const log = await p.textContent("#log-table");
    for (const w of words) assert(log.includes(w), `${lang}: the log says "${w}": ${log}`);
    assert(!log.includes('"act"') && !log.includes("{"), `${lang}: raw JSON in the log: ${log}`);
    const heads = await p.locator("#log-table thead th").count();
    assert(heads === 5, `${lang}: ${heads} columns`);
    assert((await p.locator("#log-table tbody tr").count()) >= 5, `${lang}: log rows`);
    await shot(p, `club-log-${lang}`);
    await p.context().close();
  }

  // A member is refused the new game, with the club's reason.
  const m = await (await context("en-GB")).newPage();
  await signInTo(m, base, member, "/games/new");
  await m.fill("input[name=title]", "not mine to create");
  const [refused] = await Promise.all([m.waitForNavigation(), m.click("form[action='/games/new'] button[type=submit]")]);
  assert(refused.status() === 403, `the member's game: ${refused.status()}`);
  const said = await m.textContent("main");
  assert(said.includes("only the club's game masters and administrators may create games"), `the reason: ${said}`);
  await shot(m, "club-refused-game");
  await m.context().close();

  // The game master creates an unrated game.
  const g = await (await context("en-GB")).newPage();
  await signInTo(g, base, gm, "/games/new");
  await g.fill("input[name=title]", "friendly game");
  assert(await g.isChecked("input[name=rated]"), "rated by default");
  await g.uncheck("input[name=rated]");
  await submit(g, "form[action='/games/new'] button[type=submit]");
  const id = new URL(g.url()).pathname.split("/").pop();
  assert(/^g[0-9a-f]+$/.test(id), `created ${g.url()}`);
  console.log(JSON.stringify({ ok: true, game: id }));
  await browser.close();
});
