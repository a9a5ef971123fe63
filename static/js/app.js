/*
 * The app around the pages: the service worker (so the pages opened on this phone still show
 * offline), the offline banner, and the list of tables and clubs opened on this phone.
 *
 * - Offline (the browser says so, or a request found no network) the banner says so; forms
 *   other than entry forms cannot be checked by the server, so their buttons are disabled
 *   until the connection is back (entry forms keep their entries: entries.js).
 * - Each table, game or club page carries #remember (its kind, link, title, game, players);
 *   this phone keeps them in localStorage "companion.tables", newest first, and the home page
 *   lists them (#my-tables) with a button to forget each. Nothing is asked of the server.
 * - After htmx changes a page, the page as it now is is kept in the service worker's cache,
 *   so that opened offline it shows the last state this phone saw.
 *
 * No inline script anywhere (CSP script-src 'self'); words come from #js-words.
 */
(function () {
  "use strict";

  var PAGES = "companion-pages";
  var MINE = "companion.tables";
  var KEEP_AT_MOST = 50;

  function say(name, values) {
    // A message from #js-words, as entries.js (loaded first) words it.
    return window.companionEntries.say(name, values);
  }

  // --- service worker ------------------------------------------------------------------------

  function keepThisPage() {
    // Kept as this phone sees it now, so that opened offline it shows the latest state.
    if (!("caches" in window) || !document.body.dataset.sw) return;
    var clone = document.documentElement.cloneNode(true);
    ["#outbox"].forEach(function (sel) {
      var el = clone.querySelector(sel);
      if (el) el.remove();
    });
    var banner = clone.querySelector("#offline-banner");
    if (banner) banner.hidden = true;
    var region = clone.querySelector("#announce");
    if (region) region.textContent = "";
    var html = "<!doctype html>\n" + clone.outerHTML;
    caches.open(PAGES).then(function (cache) {
      return cache.put(location.pathname + location.search, new Response(html, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      }));
    }).catch(function () {});
  }

  var keepTimer = null;
  function keepSoon() {
    if (keepTimer) clearTimeout(keepTimer);
    keepTimer = setTimeout(keepThisPage, 500);
  }

  function registerWorker() {
    var url = document.body.dataset.sw;
    if (!url || !("serviceWorker" in navigator)) return;
    var wasControlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(url, { scope: "/" }).then(function () {
      // This page loaded before the worker was there: it has not been kept yet.
      if (!wasControlled) keepSoon();
    }).catch(function () {});
  }

  // --- offline banner ------------------------------------------------------------------------

  var online = navigator.onLine;

  function applyNetwork() {
    var banner = document.getElementById("offline-banner");
    if (banner) banner.hidden = online;
    document.documentElement.classList.toggle("is-offline", !online);
    // Forms the server must check (new table, start a game, undo, ...) wait for the network;
    // entry forms keep their entries on the phone instead.
    document.querySelectorAll("form[method=post]").forEach(function (form) {
      if (form.matches("form.entry-form")) return;
      form.querySelectorAll("button[type=submit], button:not([type]), input[type=submit]").forEach(function (b) {
        if (!online) {
          if (!b.disabled) { b.disabled = true; b.dataset.offline = "1"; }
        } else if (b.dataset.offline) {
          b.disabled = false;
          delete b.dataset.offline;
        }
      });
    });
  }

  function setNetwork(up) {
    if (up === online) return;
    online = up;
    applyNetwork();
  }

  window.addEventListener("online", function () { setNetwork(true); });
  window.addEventListener("offline", function () { setNetwork(false); });
  document.addEventListener("companion:network", function (ev) { setNetwork(ev.detail.up); });
  // The live poll and the scorer's own requests (an entry, a tab, a refresh) both change
  // #live and #entry; their answers must apply in the order the requests were made, or a
  // poll's answer made before an entry lands after it (bringing back the form the entry had
  // moved on from), or lands between a tap on a tab and its answer. So no poll is sent while
  // any other request is on its way, and a poll's answer is not swapped in if any other
  // request was sent after the poll: the next poll asks again, for what it missed.
  var others = new Set();  // the other requests on their way (their XMLHttpRequest)
  var sent = 0;            // how many other requests have been sent
  var pollSentAfter = new WeakMap();  // a poll's request -> `sent` when it left
  function isPoll(elt) { return !!elt && elt.id === "poll"; }
  document.addEventListener("htmx:beforeRequest", function (ev) {
    if (isPoll(ev.detail && ev.detail.elt) && others.size) ev.preventDefault();
  });
  document.addEventListener("htmx:beforeSend", function (ev) {
    var xhr = ev.detail && ev.detail.xhr;
    if (!xhr) return;
    if (isPoll(ev.detail.elt)) {
      pollSentAfter.set(xhr, sent);
      return;
    }
    sent += 1;
    others.add(xhr);
    xhr.addEventListener("loadend", function () { others.delete(xhr); });
  });
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var xhr = ev.detail && ev.detail.xhr;
    if (xhr && pollSentAfter.has(xhr) && pollSentAfter.get(xhr) !== sent) {
      ev.detail.shouldSwap = false;
    }
  });
  // A poll's answer that arrives after the poll itself, or the #live it answers to, was
  // replaced (an entry's answer brings new ones): it is not swapped in, and the new poll asks
  // again. Swapped in, its out-of-band parts would be looked for around elements no longer on
  // the page, and htmx would report each as having no target. (Aborting the request instead
  // makes htmx log the abort as an error.)
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var from = ev.detail && ev.detail.elt;
    if (from && from.id === "poll" && !from.isConnected) ev.detail.shouldSwap = false;
  });
  // When the answer's target is the old #live, off the page, its events reach nothing but
  // the element itself: the listener goes there.
  document.addEventListener("htmx:beforeCleanupElement", function (ev) {
    var elt = ev.target;
    if (elt && elt.id === "live") {
      elt.addEventListener("htmx:beforeSwap", function (swap) { swap.detail.shouldSwap = false; });
    }
  });
  document.addEventListener("htmx:sendError", function () { setNetwork(false); });
  document.addEventListener("htmx:afterRequest", function (ev) {
    if (ev.detail && ev.detail.xhr && ev.detail.xhr.status) setNetwork(true);
  });
  document.addEventListener("htmx:afterSettle", function () {
    applyNetwork();
    keepSoon();
    remember();
  });

  // --- this phone's tables ---------------------------------------------------------------------

  function mine() {
    try {
      var list = JSON.parse(localStorage.getItem(MINE));
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function saveMine(list) {
    try { localStorage.setItem(MINE, JSON.stringify(list.slice(0, KEEP_AT_MOST))); } catch (e) { /* full */ }
  }

  function remember() {
    var el = document.getElementById("remember");
    if (!el || !el.dataset.id) return;
    var d = el.dataset;
    var list = mine();
    var old = list.filter(function (t) { return t.id === d.id; })[0] || {};
    var entry = {
      id: d.id,
      kind: d.kind,
      // A scorer's link is never replaced by the viewer's link of the same table.
      url: old.scorer && d.scorer !== "1" ? old.url : d.url,
      scorer: old.scorer || d.scorer === "1",
      title: d.title || old.title || "",
      game: d.game || old.game || "",
      gameUrl: d.gameUrl || old.gameUrl || "",
      players: d.players || old.players || "",
      seen: Date.now(),
    };
    saveMine([entry].concat(list.filter(function (t) { return t.id !== d.id; })));
  }

  function forgetPages(urls) {
    // The copies of its pages this phone kept for offline use go too (/t/<key>/..., /c/<key>/...).
    if (!("caches" in window)) return;
    var prefixes = urls.filter(Boolean).map(function (u) {
      var m = /^\/[tc]\/[^/]+\//.exec(u);
      return m ? m[0] : null;
    }).filter(Boolean);
    if (!prefixes.length) return;
    caches.open(PAGES).then(function (cache) {
      return cache.keys().then(function (keys) {
        return Promise.all(keys.filter(function (req) {
          var path = new URL(req.url).pathname;
          return prefixes.some(function (p) { return path.indexOf(p) === 0; });
        }).map(function (req) { return cache.delete(req); }));
      });
    }).catch(function () {});
  }

  function when(ms) {
    try {
      return new Date(ms).toLocaleString(document.documentElement.lang || undefined, {
        weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
      });
    } catch (e) {
      return new Date(ms).toLocaleString();
    }
  }

  function showMine() {
    var section = document.getElementById("my-tables");
    if (!section) return;
    var list = mine();
    var ol = section.querySelector("ol");
    ol.textContent = "";
    section.hidden = list.length === 0;
    list.forEach(function (t) {
      var li = document.createElement("li");
      li.className = "my-table";
      var a = document.createElement("a");
      a.href = t.gameUrl && t.kind === "table" ? t.gameUrl : t.url;
      a.className = "my-table-link";
      a.textContent = t.title || say(t.kind === "club" ? "aClub" : "aTable");
      li.appendChild(a);
      var about = document.createElement("p");
      about.className = "muted";
      var bits = [];
      if (t.kind === "club") bits.push(say("club"));
      if (t.game) bits.push(t.game);
      if (t.players) bits.push(t.players);
      bits.push(say("seen", { when: when(t.seen) }));
      if (!t.scorer) bits.push(say("viewOnly"));
      about.textContent = bits.join(" · ");
      li.appendChild(about);
      if (t.kind === "table" && t.gameUrl) {
        var tableLink = document.createElement("a");
        tableLink.href = t.url;
        tableLink.className = "my-table-page";
        tableLink.textContent = say("tablePage");
        li.appendChild(tableLink);
      }
      var forget = document.createElement("button");
      forget.type = "button";
      forget.className = "btn btn-secondary btn-small";
      forget.textContent = say("forget");
      forget.setAttribute("aria-label", say("forgetNamed", { name: a.textContent }));
      forget.addEventListener("click", function () {
        saveMine(mine().filter(function (other) { return other.id !== t.id; }));
        forgetPages([t.url, t.gameUrl]);
        showMine();
        var heading = section.querySelector("h2");
        if (heading) { heading.tabIndex = -1; heading.focus(); }
      });
      li.appendChild(forget);
      ol.appendChild(li);
    });
  }

  // --- one tap per card (the trick form's card grid) --------------------------------------------
  //
  // A card chosen for one player is greyed in the others' grids (nobody else can play it in
  // this trick), and the next player still to play is highlighted and brought into view.

  function cardGrids(form) {
    var rows = Array.prototype.slice.call(form.querySelectorAll(".play-row.play-cards"));
    var chosen = {};
    rows.forEach(function (row) {
      var picked = row.querySelector(".card-grid input:checked");
      if (picked && picked.value !== "JK") chosen[picked.value] = row;
    });
    rows.forEach(function (row) {
      row.querySelectorAll(".card-grid input").forEach(function (input) {
        var owner = chosen[input.value];
        var taken = !!owner && owner !== row;
        input.disabled = taken;
        input.parentNode.classList.toggle("taken", taken);
      });
    });
    var next = rows.filter(function (row) { return !row.querySelector(".card-grid input:checked"); })[0];
    rows.forEach(function (row) {
      row.classList.toggle("expected", row === next);
      // A player who has played shows the card chosen, one line (app.css), unless opened again
      // to change it: the trick so far and the next player's grid fit one screen.
      var played = !!row.querySelector(".card-grid input:checked") && !row.dataset.open;
      row.classList.toggle("played", played);
    });
    return next;
  }

  // The trick so far (its line, the cards chosen) and the whole grid of the player expected
  // next, on one screen: the trick's head at the top if the grid still fits under it (above
  // the sticky button bar), else the grid as high as it needs. A phone that asks for less
  // motion gets the jump without the glide (as app.css drops its transitions).
  function showTrick(form, next) {
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var behavior = still ? "auto" : "smooth";
    if (!next) {
      var bar = form.querySelector(".actionbar");
      if (bar) bar.scrollIntoView({ block: "start", behavior: behavior });
      return;
    }
    var head = form.querySelector(".trick-line") || form.querySelector("h2") || next;
    var top = head.getBoundingClientRect().top + window.scrollY - 8;
    var bottom = next.getBoundingClientRect().bottom + window.scrollY + 8;
    var sticky = form.querySelector(".actionbar");
    var room = window.innerHeight - (sticky ? sticky.offsetHeight : 0);
    if (bottom - top > room) top = bottom - room;
    window.scrollTo({ top: Math.max(0, top), behavior: behavior });
  }

  // After an entry's answer, the next trick's form (entries.js says when, once focus is on the
  // banner, which is not scrolled to).
  document.addEventListener("companion:trick", function () {
    var form = document.querySelector("#entry form.entry-form");
    var next = form && form.querySelector(".play-row.play-cards.expected");
    if (next) showTrick(form, next);
  });

  // The same when the trick form comes by its tab ("Trick by trick").
  document.addEventListener("htmx:afterSettle", function (ev) {
    var from = ev.detail && ev.detail.requestConfig && ev.detail.requestConfig.elt;
    if (from && from.matches && from.matches("a.tab")) {
      document.dispatchEvent(new CustomEvent("companion:trick"));
    }
  });

  // A tap on the card a player has played opens their grid again, to change it.
  document.addEventListener("click", function (ev) {
    var chip = ev.target.closest && ev.target.closest(".play-row.played .card-chip");
    if (!chip) return;
    var row = chip.closest(".play-row");
    row.dataset.open = "1";
    row.classList.remove("played");
  });

  // A trick records itself when its last card is tapped (a form whose button bar says so, sent
  // by htmx like a tap on the button, or kept on the phone offline): four taps for a trick of
  // four, not five. Cards typed instead, or a form not sent by htmx (a correction), wait for
  // the button, which stays for them and for phones without JavaScript.
  function recordsItself(form) {
    var bar = form.querySelector(".actionbar[data-records-itself]");
    var typed = form.querySelector("input[name=typed]");
    if (!bar || !form.matches("form.entry-form[hx-post]") || (typed && typed.value.trim())) return null;
    return bar.querySelector("button[type=submit]");
  }

  document.addEventListener("change", function (ev) {
    var input = ev.target;
    if (!input.matches || !input.matches(".card-grid input")) return;
    var form = input.form;
    var row = input.closest(".play-row");
    if (row) delete row.dataset.open;  // changed: folded again
    var next = cardGrids(form);
    var button = next ? null : recordsItself(form);
    if (button && !form.dataset.recording) {
      form.dataset.recording = "1";  // once: a second change before the answer sends nothing
      form.requestSubmit(button);
      return;
    }
    showTrick(form, next);
  });

  function setUpGrids() {
    document.querySelectorAll("form.entry-form").forEach(function (form) {
      if (form.querySelector(".play-row.play-cards")) cardGrids(form);
    });
  }
  document.addEventListener("htmx:afterSettle", setUpGrids);
  document.addEventListener("htmx:afterRequest", function (ev) {
    var form = ev.detail && ev.detail.elt;
    if (form && form.dataset) delete form.dataset.recording;  // answered: refused, it stays
  });
  document.addEventListener("reset", function (ev) {
    if (ev.target.dataset) delete ev.target.dataset.recording;  // kept offline: ready again
    if (ev.target.querySelectorAll) {
      ev.target.querySelectorAll(".play-row[data-open]").forEach(function (row) { delete row.dataset.open; });
    }
    setTimeout(function () { if (ev.target.querySelector) cardGrids(ev.target); }, 0);
  }, true);


  // --- sharing the summary, and the screen kept on ---------------------------------------------

  // The result's text goes to the phone's own share sheet (Web Share) or the clipboard in one
  // tap. Both buttons stay hidden where the browser cannot do it; the text is always on the
  // page to select by hand.
  function showShareButtons() {
    var canShare = typeof navigator.share === "function";
    document.querySelectorAll("[data-share]").forEach(function (b) { b.hidden = !canShare; });
    document.querySelectorAll("[data-copy]").forEach(function (b) { b.hidden = false; });
  }

  function copied(message) {
    var status = document.getElementById("summary-copied");
    if (status) status.textContent = message;
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    // Plain http on a LAN has no clipboard API: the older way, through a hidden text field.
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "hidden-visually";
      document.body.appendChild(area);
      area.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      area.remove();
      if (done) resolve(); else reject(new Error("copy"));
    });
  }

  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("[data-share], [data-copy]");
    if (!button) return;
    var source = document.getElementById(button.dataset.share || button.dataset.copy);
    if (!source) return;
    var text = source.textContent;
    if (button.dataset.share) {
      navigator.share({ title: document.title, text: text }).catch(function () {});
      return;
    }
    copyText(text).then(
      function () { copied(say("copied")); },
      function () { copied(say("copyFailed")); }
    );
  });

  // A game's page keeps the phone's screen on (Screen Wake Lock), so it is not dark when the
  // next entry comes; the switch on the page turns that off, remembered on this phone.
  var AWAKE = "companion.awake";
  var lock = null;

  function wantAwake() {
    try { return localStorage.getItem(AWAKE) !== "off"; } catch (e) { return true; }
  }

  function showAwake() {
    var on = !!lock;
    document.querySelectorAll("[data-wake]").forEach(function (b) {
      b.hidden = false;
      b.setAttribute("aria-pressed", wantAwake() ? "true" : "false");
      b.dataset.held = on ? "1" : "0";
    });
  }

  function keepAwake() {
    if (!("wakeLock" in navigator) || !document.querySelector("[data-wake]")) return;
    if (!wantAwake() || lock || document.visibilityState !== "visible") { showAwake(); return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () { lock = null; showAwake(); });
      if (!wantAwake()) sentinel.release();
      showAwake();
    }, function () { lock = null; showAwake(); });
  }

  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("[data-wake]");
    if (!button) return;
    try { localStorage.setItem(AWAKE, wantAwake() ? "off" : "on"); } catch (e) { /* kept for now */ }
    if (!wantAwake() && lock) lock.release();
    keepAwake();
    showAwake();
  });
  // The browser lets the lock go when the page is hidden: taken again when it is back.
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("htmx:afterSettle", function () { showShareButtons(); keepAwake(); });

  function start() {
    setUpGrids();
    showShareButtons();
    keepAwake();
    applyNetwork();
    remember();
    showMine();
    registerWorker();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
