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
  countdown();
  setInterval(countdown, 1000);
  settings();

  // Live updates: on each event of the game, the page is fetched again and its live parts
  // replaced (all of it when the phase changed), keeping what the reader is typing.
  var game = body.getAttribute("data-game");
  var pending = null, whole = false;
  function refresh() {
    pending = null;
    var all = whole; whole = false;
    fetch(location.href, { credentials: "same-origin", headers: { "X-Entente-Live": "1" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        var main = document.getElementById("main"), fresh = doc.getElementById("main");
        if (!main || !fresh) return;
        if (all) {
          main.innerHTML = fresh.innerHTML;
        } else {
          fresh.querySelectorAll("[data-live][id]").forEach(function (el) {
            var old = document.getElementById(el.id);
            if (old && old.innerHTML !== el.innerHTML) {
              old.innerHTML = el.innerHTML;
              old.classList.remove("live-flash"); void old.offsetWidth; old.classList.add("live-flash");
            }
          });
        }
        countdown();
        settings();
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
    if (!ta.matches || !ta.matches("form[data-check] textarea")) return;
    var form = ta.form, preview = form.querySelector(".preview");
    clearTimeout(timers.get(form));
    timers.set(form, setTimeout(function () {
      preview.hidden = false;
      preview.setAttribute("aria-busy", "true");
      fetch(form.getAttribute("data-check"), {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(new FormData(form)).toString(),
      }).then(function (r) { return r.text(); }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var m = doc.getElementById("main");
        preview.innerHTML = m ? m.innerHTML : html;
        preview.removeAttribute("aria-busy");
      });
    }, 400));
  });
})();
