// Escalation on the game page (issue 19), in a real browser. Step "place": each player in
// turn sees whose turn it is and, when it is theirs, a placement form (a unit and an empty
// space); the others see whom they wait for; a space the unit cannot stand in is refused
// with the reason; each unit placed appears on the board. Step "nominate" (after Fall
// 1901): each player nominates three home centres from the page; the nomination is shown
// back to its writer and to nobody else until every one is in; then the board rings the
// homes in their powers' colours.
import { launch, input, run, signIn, assert, shot } from "./lib.mjs";

run(async () => {
  const { base, game, step, players, units } = input();
  const browser = await launch();
  const pageOf = async (name) => {
    const c = await browser.newContext({ locale: "en-GB" });
    c.setDefaultTimeout(60000);
    const p = await c.newPage();
    await signIn(p, base, name);
    await p.goto(`${base}/games/${game}`);
    return p;
  };
  const submit = (p, selector) =>
    Promise.all([p.waitForNavigation(), p.click(`${selector} button[type=submit]`)]);
  const pages = [];
  for (const pl of players) pages.push(await pageOf(pl.name));

  if (step === "place") {
    for (let i = 0; i < units.length; i++) {
      const k = i % players.length;
      const { power } = players[k];
      const p = pages[k];
      await p.goto(`${base}/games/${game}`);
      const turn = await p.textContent("#placement-turn");
      assert(turn.includes(power), `whose turn it is: ${turn}`);
      // The others wait, with no form.
      const other = pages[(k + 1) % players.length];
      await other.goto(`${base}/games/${game}`);
      assert((await other.$("form.placement")) === null, "a placement form out of turn");
      const wait = await other.textContent(".placement-wait");
      assert(wait.includes(power), `the others wait for ${power}: ${wait}`);
      const form = `#place-${power}`;
      if (i === 0) {
        // An army at sea: refused with the reason, nothing placed.
        await p.selectOption(`${form} select[name=unit_type]`, "A");
        await p.selectOption(`${form} select[name=space]`, "nth");
        await submit(p, form);
        const body = await p.textContent("body");
        assert(body.includes("an army cannot stand in North Sea"), `refused: ${body.slice(0, 400)}`);
        await p.goto(`${base}/games/${game}`);
      }
      const [type, space] = units[i].split(" ");
      await p.selectOption(`${form} select[name=unit_type]`, type);
      await p.selectOption(`${form} select[name=space]`, space);
      await submit(p, form);
      const placed = await p.$(`#board [data-power="${power}"][data-type="${type}"][data-loc="${space}"]`);
      assert(placed !== null, `${type} ${space} of ${power} on the board`);
      if (i === 0) await shot(p, "escalation-placement");
    }
    // Every unit placed: Spring 1901's orders, no placement form any more.
    await pages[0].goto(`${base}/games/${game}`);
    assert((await pages[0].$("form.placement")) === null, "the placement is over");
    assert((await pages[0].$("#placement-turn")) === null, "nobody to place");
    console.log(JSON.stringify({ placed: units.length }));
  } else {
    const homes = [
      ["par", "bre", "spa"],
      ["mun", "ber", "kie"],
      ["war", "mos", "sev"],
    ];
    for (let k = 0; k < players.length; k++) {
      const { power } = players[k];
      const p = pages[k];
      await p.goto(`${base}/games/${game}`);
      const form = `#homes-${power}`;
      for (let j = 0; j < 3; j++) {
        await p.selectOption(`${form} select[name=home${j + 1}]`, homes[k][j]);
      }
      await submit(p, form);
      if (k + 1 < players.length) {
        const shown = await p.textContent(`${form} .nominated`);
        assert(shown.includes("Your nomination"), `shown back: ${shown}`);
        // Nobody else sees it.
        const next = pages[k + 1];
        await next.goto(`${base}/games/${game}`);
        const text = await next.textContent("main");
        assert(!text.includes("Your nomination"), `another player sees a nomination: ${text.slice(0, 400)}`);
        assert(!text.includes("Paris, Brest, Spain"), `another player sees the first nomination`);
        if (k === 0) await shot(p, "escalation-nomination");
      }
    }
    // All in: the homes are ringed on the board.
    const p = pages[0];
    await p.goto(`${base}/games/${game}`);
    const rings = await p.$$("#board circle.home");
    assert(rings.length === 9, `nine homes ringed: ${rings.length}`);
    const par = await p.$(`#board circle.home[data-home="par"][data-power="${players[0].power}"]`);
    assert(par !== null, "Paris ringed as the first player's home");
    await shot(p, "escalation-homes");
    console.log(JSON.stringify({ rings: rings.length }));
  }
  await browser.close();
});
