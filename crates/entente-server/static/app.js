// entente's pages work without this script; it only adds: the deadline's countdown, the
// reader's time zone remembered, live updates from the game's event stream (no reload),
// and a live check of the orders being typed. Plain JavaScript, no library.
(function () {
  "use strict";
  var body = document.body;

  // The settings form returns to this page; the language applies at once.
  function settings() {
    document.querySelectorAll("[data-back]").forEach(function (i) {
      i.value = location.pathname + location.search;
    });
  }
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("[data-autosubmit]")) e.target.form.submit();
  });

  // The new-game form shows the fields of the kind of deadlines chosen (all without script).
  function deadlineFields() {
    var kind = document.querySelector("select[name=deadline_kind]");
    if (!kind) return;
    document.querySelectorAll("[data-deadline-kind]").forEach(function (row) {
      row.hidden = row.getAttribute("data-deadline-kind") !== kind.value;
    });
  }
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("select[name=deadline_kind]")) deadlineFields();
  });
  deadlineFields();

  // The browser's time zone, remembered for the next page when none was chosen.
  try {
    var tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (tz && document.cookie.indexOf("entente_tz=") < 0) {
      document.cookie = "entente_tz=" + tz + "; path=/; max-age=31536000; samesite=lax";
      document.querySelectorAll("[data-tz]").forEach(function (i) { i.value = tz; });
    }
  } catch (e) { /* no Intl: UTC it is */ }

  function two(n) { return (n < 10 ? "0" : "") + n; }
  function countdown() {
    var now = Date.now();
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.floor((Date.parse(el.getAttribute("data-deadline")) - now) / 1000);
      if (isNaN(left)) return;
      if (left <= 0) { el.textContent = "(" + body.getAttribute("data-passed") + ")"; return; }
      var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600),
          m = Math.floor(left % 3600 / 60), s = left % 60;
      el.textContent = "(" + (d ? d + " " + body.getAttribute("data-days") + " " : "") +
        two(h) + ":" + two(m) + ":" + two(s) + ")";
    });
  }
  // The face-to-face table's clock: talk, then writing without talk, then the reveal.
  function tableClock() {
    var el = document.getElementById("clock");
    if (!el || !el.hasAttribute("data-deadline")) return;
    var left = (Date.parse(el.getAttribute("data-deadline")) - Date.now()) / 1000;
    var writing = parseFloat(el.getAttribute("data-writing")) || 0;
    var kind, shown;
    if (left <= 0) { kind = "reveal"; shown = 0; }
    else if (left > writing) { kind = "talk"; shown = left - writing; }
    else { kind = "writing"; shown = left; }
    var t = Math.max(0, Math.ceil(shown));
    document.getElementById("clock-digits").textContent = two(Math.floor(t / 60)) + ":" + two(t % 60);
    if (!el.classList.contains(kind)) {
      el.classList.remove("talk", "writing", "reveal", "stopped");
      el.classList.add(kind);
      document.getElementById("period").textContent = el.getAttribute("data-l-" + kind);
    }
  }
  // The reveal at the table: each unit that moved slides from where it stood to where it
  // stands now (the board beside), along its arrow.
  function animateReveal() {
    var reveal = document.querySelector("#reveal .reveal-board svg");
    if (!reveal || reveal.getAttribute("data-animated")) return;
    reveal.setAttribute("data-animated", "1");
    var moves = [];
    reveal.querySelectorAll('g.order.move[data-outcome="succeeded"], g.order.retreat[data-outcome="succeeded"]').forEach(function (o) {
      var w = (o.getAttribute("data-order") || "").split(/\s+/);
      if (w.length < 4) return;
      var from = w[1].split("/")[0], to = w[w.length - 1].split("/")[0];
      var unit = [].filter.call(reveal.querySelectorAll("g.unit"), function (u) {
        return (u.getAttribute("data-loc") || "").toLowerCase().split("/")[0] === from;
      })[0];
      var now = unitsAt(to)[0];
      if (!unit || !now) return;
      var a = centre(unit), b = centre(now);
      moves.push({ unit: unit, dx: b[0] - a[0], dy: b[1] - a[1] });
    });
    if (!moves.length) return;
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var start = null, span = still ? 1 : 1600;
    function frame(t) {
      if (start === null) start = t;
      var k = Math.min(1, (t - start) / span), e = k < .5 ? 2 * k * k : 1 - Math.pow(-2 * k + 2, 2) / 2;
      moves.forEach(function (m) { m.unit.setAttribute("transform", "translate(" + (m.dx * e).toFixed(1) + " " + (m.dy * e).toFixed(1) + ")"); });
      if (k < 1) requestAnimationFrame(frame);
    }
    setTimeout(function () { requestAnimationFrame(frame); }, still ? 0 : 700);
  }
  var autoTimer = null;
  function tableAuto() {
    var f = document.getElementById("table-start");
    clearTimeout(autoTimer);
    if (f && f.hasAttribute("data-auto")) {
      autoTimer = setTimeout(function () { f.submit(); }, 1000 * parseFloat(f.getAttribute("data-auto")));
    }
  }
  countdown();
  tableClock();
  tableAuto();
  animateReveal();
  setInterval(countdown, 1000);
  setInterval(tableClock, 250);
  settings();


  // Orders by clicking: a unit of mine on the board (or its button) offers its legal orders
  // (from the server's entente-legal), its destinations marked on the board; the order
  // chosen replaces that unit's line on the sheet, which is then checked as if typed.
  function norm(t) { return t.trim().toLowerCase().replace(/\s+/g, " "); }
  var legal = {}, current = null;
  function clearMarks() {
    document.querySelectorAll("#board .dest").forEach(function (e) { e.classList.remove("dest"); });
    document.querySelectorAll("#board g.unit.selected").forEach(function (e) { e.classList.remove("selected"); });
  }
  function unitsAt(province) {
    return [].filter.call(document.querySelectorAll("#board g.unit"), function (u) {
      return (u.getAttribute("data-loc") || "").toLowerCase().split("/")[0] === province;
    });
  }
  function choose(form, group, o) {
    var ta = form.querySelector("textarea");
    var texts = group.orders.map(function (x) { return norm(x.text); });
    var prefix = group.unit ? norm(group.unit) + " " : null;
    var lines = ta.value.split("\n").filter(function (l) {
      if (!l.trim()) return false;
      if (!group.unit) return true;
      var n = norm(l);
      return texts.indexOf(n) < 0 && !(prefix && n.indexOf(prefix) === 0);
    });
    lines.push(o.text);
    ta.value = lines.join("\n");
    ta.dispatchEvent(new Event("input", { bubbles: true }));
    clearMarks();
    var list = form.querySelector(".picker .orders");
    if (list) list.innerHTML = "";
    current = null;
  }
  function select(form, group) {
    clearMarks();
    current = { form: form, group: group };
    var picker = form.querySelector(".picker"), list = picker.querySelector(".orders");
    list.innerHTML = "";
    var h = document.createElement("p");
    h.className = "picking";
    h.textContent = picker.getAttribute("data-unit-label").replace("{unit}", group.unit || form.getAttribute("data-power"));
    list.appendChild(h);
    group.orders.forEach(function (o) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "order secondary";
      b.setAttribute("data-text", o.text);
      b.setAttribute("data-kind", o.kind);
      b.textContent = o.label;
      b.addEventListener("click", function () { choose(form, group, o); });
      list.appendChild(b);
      if (o.to && (o.kind === "move" || o.kind === "retreat" || o.kind === "build")) {
        var p = document.getElementById("p-" + o.to);
        if (p) p.classList.add("dest");
      }
    });
    if (group.province) unitsAt(group.province).forEach(function (u) { u.classList.add("selected"); });
    var first = list.querySelector("button");
    if (first && !first.closest("#board")) first.focus({ preventScroll: true });
    picker.scrollIntoView({ block: "nearest" });
  }
  function pickers() {
    legal = {};
    current = null;
    document.querySelectorAll("[data-legal]").forEach(function (form) {
      var url = form.getAttribute("data-legal");
      fetch(url, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data || !data.groups.length) return;
          legal[form.getAttribute("data-power")] = data;
          var picker = form.querySelector(".picker");
          picker.innerHTML = "";
          var hint = document.createElement("p");
          hint.className = "hint";
          hint.textContent = picker.getAttribute("data-hint");
          picker.appendChild(hint);
          var units = document.createElement("div");
          units.className = "units";
          data.groups.forEach(function (g) {
            var b = document.createElement("button");
            b.type = "button";
            b.className = "unit secondary";
            b.setAttribute("data-province", g.province || "");
            b.textContent = g.unit || data.power;
            b.addEventListener("click", function () { select(form, g); });
            units.appendChild(b);
            if (g.province) unitsAt(g.province).forEach(function (u) {
              u.classList.add("mine");
              u.setAttribute("tabindex", "0");
              u.setAttribute("role", "button");
              u.setAttribute("aria-label", g.unit);
              u.setAttribute("data-pick", form.getAttribute("data-power"));
            });
          });
          picker.appendChild(units);
          var orders = document.createElement("div");
          orders.className = "orders";
          picker.appendChild(orders);
          picker.hidden = false;
          drawOrders();
        });
    });
  }
  function boardClick(target) {
    var unit = target.closest && target.closest("#board g.unit.mine");
    if (unit) {
      var power = unit.getAttribute("data-pick"), data = legal[power];
      var province = unit.getAttribute("data-loc").toLowerCase().split("/")[0];
      var form = document.querySelector('[data-legal][data-power="' + power + '"]');
      var group = data && data.groups.filter(function (g) { return g.province === province; })[0];
      if (form && group) select(form, group);
      return true;
    }
    var dest = target.closest && target.closest("#board .dest");
    if (dest && current) {
      var to = dest.id.replace(/^p-/, "");
      var o = current.group.orders.filter(function (x) {
        return x.to === to && (x.kind === "move" || x.kind === "retreat" || x.kind === "build");
      })[0];
      if (o) choose(current.form, current.group, o);
      return true;
    }
    return false;
  }
  // The orders of my sheets drawn on the board as they are entered: each line the game
  // master understood (the live check's echo, else the sheet received) is found among the
  // legal orders by its judge-style text and drawn: an arrow for a move or a retreat, a
  // dashed line for a support, a dotted one for a convoy, a ring for a hold or a build.
  var SVGNS = "http://www.w3.org/2000/svg";
  function centre(el) {
    var b = el.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  }
  function drawOrders() {
    var svg = document.querySelector("#board svg");
    if (!svg) return;
    var old = svg.querySelector("#draft");
    if (old) old.remove();
    var g = document.createElementNS(SVGNS, "g");
    g.setAttribute("id", "draft");
    g.setAttribute("pointer-events", "none");
    if (!svg.querySelector("#draft-arrow")) {
      var defs = document.createElementNS(SVGNS, "defs");
      defs.innerHTML = '<marker id="draft-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#111"/></marker>';
      svg.appendChild(defs);
    }
    document.querySelectorAll("[data-legal]").forEach(function (form) {
      var data = legal[form.getAttribute("data-power")];
      if (!data) return;
      var preview = form.querySelector(".preview");
      var box = document.getElementById("echo-" + form.getAttribute("data-power"));
      var src = preview && !preview.hidden && preview.querySelector("li") ? preview : box;
      if (!src) return;
      src.querySelectorAll("li.ok code, li.warn code").forEach(function (code) {
        var text = code.textContent.trim();
        data.groups.forEach(function (grp) {
          grp.orders.forEach(function (o) {
            if (o.label !== text) return;
            var unit = grp.province && unitsAt(grp.province)[0];
            var to = o.to && document.getElementById("p-" + o.to);
            var a = grp.at || (unit ? centre(unit) : null), b = o.at || (to ? centre(to) : null);
            var el;
            if (a && b && o.kind !== "build") {
              el = document.createElementNS(SVGNS, "line");
              el.setAttribute("x1", a[0]); el.setAttribute("y1", a[1]);
              el.setAttribute("x2", b[0]); el.setAttribute("y2", b[1]);
              if (o.kind === "move" || o.kind === "retreat") el.setAttribute("marker-end", "url(#draft-arrow)");
              if (o.kind === "support") el.setAttribute("stroke-dasharray", "6 4");
              if (o.kind === "convoy") el.setAttribute("stroke-dasharray", "2 4");
            } else if (a || b) {
              var c = a || b;
              el = document.createElementNS(SVGNS, "circle");
              el.setAttribute("cx", c[0]); el.setAttribute("cy", c[1]); el.setAttribute("r", 13);
              el.setAttribute("fill", "none");
            }
            if (!el) return;
            el.setAttribute("class", "draft " + o.kind);
            el.setAttribute("data-order", o.text);
            el.setAttribute("stroke", "#111");
            el.setAttribute("stroke-width", "3");
            el.setAttribute("stroke-opacity", ".75");
            g.appendChild(el);
          });
        });
      });
    });
    svg.appendChild(g);
  }
  document.addEventListener("click", function (e) { boardClick(e.target); });
  document.addEventListener("keydown", function (e) {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest && e.target.closest("#board g.unit.mine")) {
      e.preventDefault();
      boardClick(e.target);
    }
  });
  pickers();

  // Unread messages: per thread, the messages newer than the last one seen in this
  // browser (a thread counts as read once it has been on the screen for two seconds).
  function seenKey(t) {
    return "entente-read:" + body.getAttribute("data-game") + ":" + t.getAttribute("data-thread");
  }
  function lastSeq(t) {
    var m = 0;
    t.querySelectorAll(".msg[data-seq]").forEach(function (e) { m = Math.max(m, +e.getAttribute("data-seq")); });
    return m;
  }
  var watcher = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
    entries.forEach(function (en) {
      var t = en.target;
      clearTimeout(t._seen);
      if (en.isIntersecting) t._seen = setTimeout(function () {
        try { localStorage.setItem(seenKey(t), String(lastSeq(t))); } catch (e) { /* private mode */ }
        unread();
      }, 2000);
    });
  }, { threshold: 0.5 }) : null;
  function unread() {
    var press = document.getElementById("press");
    if (!press || !body.getAttribute("data-game")) return;
    var label = press.getAttribute("data-unread-label"), total = 0;
    press.querySelectorAll("article.thread").forEach(function (t) {
      var seen = 0;
      try { seen = +(localStorage.getItem(seenKey(t)) || 0); } catch (e) { /* none */ }
      var n = 0;
      t.querySelectorAll(".msg[data-seq]").forEach(function (e) { if (+e.getAttribute("data-seq") > seen) n++; });
      total += n;
      var h = t.querySelector("h3"), b = h.querySelector(".unread");
      if (!b) { b = document.createElement("span"); b.className = "unread"; h.appendChild(b); }
      b.textContent = n ? " " + n + " " + label : "";
      b.hidden = !n;
      if (watcher && !t._watched) { t._watched = true; watcher.observe(t); }
    });
    var h2 = press.querySelector("h2"), b2 = h2.querySelector(".unread");
    if (!b2) { b2 = document.createElement("span"); b2.className = "unread"; h2.appendChild(b2); }
    b2.textContent = total ? " " + total : "";
    b2.hidden = !total;
  }
  unread();

  // What the reader types is kept in this browser until the server has it: each sheet by
  // game, power and phase (forgotten once the page shows it received, or the phase is
  // over), the letter being written by game, with its sender and recipients (forgotten once
  // it is among the messages). So a live update, a refused form or a reload loses nothing.
  function store(k, v) {
    try { if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v); } catch (e) { /* private mode */ }
  }
  function stored(k) {
    try { return localStorage.getItem(k); } catch (e) { return null; }
  }
  function same(a, b) { return a.replace(/\r\n/g, "\n").trim() === b.replace(/\r\n/g, "\n").trim(); }
  function sheetKey(ta) { return "entente-draft:" + ta.getAttribute("data-draft"); }
  function draftNote(ta) {
    var box = ta.closest("section"), note = box && box.querySelector(".draft-note");
    if (note) note.hidden = same(ta.value, ta.getAttribute("data-sent") || "");
  }
  function saveSheet(ta) {
    store(sheetKey(ta), same(ta.value, ta.getAttribute("data-sent") || "") ? null : ta.value);
    draftNote(ta);
  }
  function letterKey() { return "entente-letter:" + body.getAttribute("data-game"); }
  function saveLetter(sending) {
    var form = document.getElementById("press-form");
    if (!form) return;
    var text = form.querySelector("textarea[name=text]").value;
    if (!text.trim()) { store(letterKey(), null); return; }
    var from = form.querySelector("[name=from]");
    var to = [].map.call(form.querySelectorAll("input[name=to]:checked"), function (i) { return i.value; });
    store(letterKey(), JSON.stringify({ from: from ? from.value : "", to: to, text: text, sending: !!sending }));
  }
  function keep() {
    var game = body.getAttribute("data-game");
    if (!game) return;
    var areas = document.querySelectorAll("textarea[data-draft]"), phase = null;
    areas.forEach(function (ta) {
      var key = sheetKey(ta), sent = ta.getAttribute("data-sent") || "", saved = stored(key);
      phase = ta.getAttribute("data-draft").split(":").pop();
      if (saved !== null) {
        if (same(saved, sent)) store(key, null);
        else if (same(ta.value, sent)) {
          ta.value = saved;
          ta.dispatchEvent(new Event("input", { bubbles: true }));
        }
      } else if (!same(ta.value, sent)) store(key, ta.value);
      draftNote(ta);
    });
    // The sheets of phases over are forgotten.
    if (phase !== null) {
      try {
        Object.keys(localStorage).forEach(function (k) {
          if (k.indexOf("entente-draft:" + game + ":") === 0 && k.split(":").pop() !== phase) localStorage.removeItem(k);
        });
      } catch (e) { /* none */ }
    }
    var form = document.getElementById("press-form");
    if (!form) return;
    var ta = form.querySelector("textarea[name=text]"), saved = null;
    try { saved = JSON.parse(stored(letterKey()) || "null"); } catch (e) { saved = null; }
    if (saved && saved.sending) {
      var sent = [].some.call(document.querySelectorAll("#press .msg .text"), function (m) { return same(m.textContent, saved.text); });
      if (sent) { store(letterKey(), null); saved = null; }
    }
    if (saved && !ta.value.trim()) {
      ta.value = saved.text;
      var from = form.querySelector("[name=from]");
      if (from && saved.from && from.tagName === "SELECT") from.value = saved.from;
      form.querySelectorAll("input[name=to]").forEach(function (i) { i.checked = saved.to.indexOf(i.value) >= 0; });
    }
    saveLetter(false);
    counters();
  }
  // Byte counters: a text's UTF-8 bytes against the server's limit; a form holding a text
  // over it is held back (the server would refuse it).
  function bytesOf(ta) {
    var v = ta.value.replace(/\r\n/g, "\n");
    if (ta.hasAttribute("data-trim")) v = v.trim();
    return window.TextEncoder ? new TextEncoder().encode(v).length : unescape(encodeURIComponent(v)).length;
  }
  function counterOf(ta) {
    var box = ta.closest("section.sheet") || ta.form;
    return box && box.querySelector(".counter");
  }
  function count(ta) {
    var c = counterOf(ta);
    if (!c) return false;
    var n = bytesOf(ta), max = +ta.getAttribute("data-bytes"), over = n > max;
    c.hidden = n < max * 0.75;
    c.classList.toggle("over", over);
    c.textContent = c.getAttribute(over ? "data-l-over" : "data-l-count").replace("{count}", n).replace("{max}", max);
    return over;
  }
  function counters() {
    document.querySelectorAll("textarea[data-bytes]").forEach(count);
  }
  document.addEventListener("input", function (e) {
    var t = e.target;
    if (!t.matches) return;
    if (t.matches("textarea[data-bytes]")) count(t);
    if (t.matches("textarea[data-draft]")) saveSheet(t);
    if (t.closest && t.closest("#press-form")) saveLetter(false);
  });
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (t.closest && t.closest("#press-form")) saveLetter(false);
    if (t.matches && t.matches("form[data-confirm] input[name=confirm]")) confirmed(t.form);
  });
  document.addEventListener("submit", function (e) {
    var form = e.target, over = null;
    form.querySelectorAll("textarea[data-bytes]").forEach(function (ta) { if (count(ta) && !over) over = ta; });
    if (over) {
      e.preventDefault();
      over.focus();
      return;
    }
    if (form.id === "press-form") saveLetter(true);
  });
  // The game master's grave acts: the button waits for the box to be ticked.
  function confirmed(form) {
    var box = form.querySelector("input[name=confirm]"), b = form.querySelector("button[type=submit]");
    if (box && b) b.disabled = !box.checked;
  }
  document.querySelectorAll("form[data-confirm]").forEach(confirmed);
  // A refused form's page came back at the form's address: the game's page is where a
  // reload and the live updates go.
  if (body.getAttribute("data-game") && /\/games\/[^/]+\/(orders|press)$/.test(location.pathname) && window.history.replaceState) {
    history.replaceState(null, "", "/games/" + encodeURIComponent(body.getAttribute("data-game")) + location.hash);
  }
  keep();

  // Live updates: on each event of the game, the page is fetched again and its live parts
  // replaced (all of it when the phase changed), keeping what the reader is typing.
  var game = body.getAttribute("data-game");
  var pending = null, whole = false;
  // What the server sent of each live part (the script marks the board's units since).
  var served = {};
  function remember() {
    document.querySelectorAll("[data-live][id]").forEach(function (el) { served[el.id] = el.innerHTML; });
  }
  remember();
  function refresh() {
    var boardChanged = false;
    pending = null;
    var all = whole; whole = false;
    fetch(location.href, { credentials: "same-origin", headers: { "X-Entente-Live": "1" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        var main = document.getElementById("main"), fresh = doc.getElementById("main");
        if (!main || !fresh) return;
        if (all) {
          // What the reader had opened (the end-of-game vote, the preferences) stays open.
          var opened = [];
          main.querySelectorAll("details[id][open]").forEach(function (d) { opened.push(d.id); });
          main.innerHTML = fresh.innerHTML;
          opened.forEach(function (id) {
            var d = document.getElementById(id);
            if (d) d.open = true;
          });
        } else {
          fresh.querySelectorAll("[data-live][id]").forEach(function (el) {
            var old = document.getElementById(el.id);
            if (old && served[el.id] !== el.innerHTML) {
              old.innerHTML = el.innerHTML;
              old.classList.remove("live-flash"); void old.offsetWidth; old.classList.add("live-flash");
              if (el.id === "board-panel") boardChanged = true;
            }
            served[el.id] = el.innerHTML;
          });
        }
        if (all) {
          remember();
          keep();
          document.querySelectorAll("form[data-confirm]").forEach(confirmed);
        }
        countdown();
        settings();
        if (all || boardChanged) pickers(); else drawOrders();
        tableClock();
        tableAuto();
        unread();
        animateReveal();
        body.setAttribute("data-updated", String(Date.now()));
      })
      .catch(function () { /* the next event tries again */ });
  }
  function schedule(all) {
    whole = whole || all;
    if (pending) clearTimeout(pending);
    pending = setTimeout(refresh, 120);
  }
  if (game && window.EventSource) {
    var es = new EventSource("/api/v1/games/" + encodeURIComponent(game) + "/events");
    ["phase", "started", "finished"].forEach(function (k) {
      es.addEventListener(k, function () { schedule(true); });
    });
    ["press", "orders", "ready", "joined", "log", "draw-vote", "deadline-passed"].forEach(function (k) {
      es.addEventListener(k, function () { schedule(false); });
    });
    es.addEventListener("open", function () { body.setAttribute("data-live-open", "1"); });
  }

  // The orders being typed, checked as the game master would read them (nothing is sent).
  var timers = new WeakMap();
  document.addEventListener("input", function (e) {
    var ta = e.target;
    if (!ta.matches || !ta.matches("[data-check] textarea")) return;
    var form = ta.closest("[data-check]"), preview = form.querySelector(".preview");
    var token = ta.form && ta.form.querySelector("input[name=_csrf]");
    clearTimeout(timers.get(form));
    timers.set(form, setTimeout(function () {
      preview.hidden = false;
      preview.setAttribute("aria-busy", "true");
      fetch(form.getAttribute("data-check"), {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          _csrf: token ? token.value : "", power: form.getAttribute("data-power"), orders: ta.value,
        }).toString(),
      }).then(function (r) { return r.text(); }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var m = doc.getElementById("main");
        preview.innerHTML = m ? m.innerHTML : html;
        preview.removeAttribute("aria-busy");
        drawOrders();
      });
    }, 400));
  });
})();
