/*
 * Entries survive the network, and focus follows the entry.
 *
 * An entry form (form.entry-form posting to .../record/<kind>/) is sent by htmx as usual. When
 * the phone is offline, when entries of the same game are already waiting, or when the request
 * fails (no answer, a timeout, a server error), the entry is kept on this phone instead
 * (localStorage "companion.outbox": its client_id and every field of the form, the button
 * tapped included) and shown as waiting to send, with a count. Waiting entries are sent again
 * by themselves, in the order they were made, as soon as the connection is back (the browser's
 * "online" event, the page loading, and every few seconds while any wait). The server records
 * a resent entry once (its client_id); a refusal that comes back is shown against that entry,
 * and the entries after it in the same game wait until it is discarded.
 *
 * Each kept entry carries the position in the game's log it was made for (the form's hidden
 * "at" field): the first keeps its form's, each later one made from the same page one more
 * than the entry before it, marked "sequel" so that the server reads what the form pins for
 * its step (the bidder) from the log as it then is. The server refuses a stale one.
 *
 * After every entry the refusal, or the new "what comes next" banner, is brought into view,
 * focused and read out (the #announce live region).
 *
 * No framework and no inline script (the pages' CSP allows scripts from 'self' only). Its
 * words come from data attributes of #js-words (base.html), in the page's language.
 */
(function () {
  "use strict";

  var STORE = "companion.outbox";
  var LAST = "companion.last";
  var RETRY_MS = 3000;

  function words() {
    return (document.getElementById("js-words") || { dataset: {} }).dataset;
  }

  function say(name, values) {
    var text = words()[name] || name;
    Object.keys(values || {}).forEach(function (k) {
      text = text.split("{" + k + "}").join(String(values[k]));
    });
    return text;
  }

  // --- storage ----------------------------------------------------------------------------

  function read(key, fallback) {
    try {
      var value = JSON.parse(localStorage.getItem(key));
      return value === null ? fallback : value;
    } catch (e) {
      return fallback;
    }
  }

  function write(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch (e) {
      return false;
    }
  }

  function queue() {
    var q = read(STORE, []);
    return Array.isArray(q) ? q : [];
  }

  function saveQueue(q) {
    return write(STORE, q);
  }

  function uuid4() {
    // crypto.randomUUID needs a secure context; a phone on the LAN over plain HTTP has none.
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) {
      return (x + 0x100).toString(16).slice(1);
    }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" +
      h.slice(16, 20) + "-" + h.slice(20);
  }

  // --- which forms, which game --------------------------------------------------------------

  var RECORD = /^(.*\/g\/\d+\/)record\/[^/]+\/$/;

  function gameOf(url) {
    var m = RECORD.exec(new URL(url, location.href).pathname);
    return m ? m[1] : null;
  }

  function isEntryForm(form) {
    return form && form.matches && form.matches("form.entry-form[hx-post]") &&
      gameOf(form.getAttribute("action") || "") !== null;
  }

  function pageGame() {
    var poll = document.getElementById("poll");
    if (!poll) return null;
    var m = /^(.*\/g\/\d+\/)live\//.exec(new URL(poll.getAttribute("hx-get"), location.href).pathname);
    return m ? m[1] : null;
  }

  function waitingFor(game) {
    return queue().filter(function (item) { return item.game === game; });
  }

  // --- the scorer's view of the last entry ----------------------------------------------------

  function setLast(game, state, text) {
    var all = read(LAST, {});
    all[game] = { state: state, text: text || "", when: Date.now() };
    write(LAST, all);
    render();
  }

  function lastOf(game) {
    return read(LAST, {})[game] || null;
  }

  // --- keeping an entry -----------------------------------------------------------------------

  function describe(form, submitter) {
    var head = form.querySelector("h2, h3, legend");
    var parts = [];
    if (head) parts.push(head.textContent.trim().replace(/\s+/g, " "));
    if (submitter && submitter.textContent.trim()) {
      parts.push(submitter.textContent.trim().replace(/\s+/g, " "));
    }
    return parts.join(" · ");
  }

  function keep(form, data, submitter) {
    var action = form.getAttribute("action");
    var game = gameOf(action);
    var q = queue();
    var mine = q.filter(function (item) { return item.game === game; });
    var at = data.get("at");
    if (at !== null && at !== "" && !isNaN(parseInt(at, 10))) {
      at = parseInt(at, 10);
      // After the entries already kept (or just sent) for this game from a page that has not
      // been refreshed since: one more than the last of them.
      var hi = read("companion.at", {})[game];
      mine.forEach(function (item) { if (item.at !== null && (hi === undefined || item.at > hi)) hi = item.at; });
      if (typeof hi === "number" && hi + 1 > at) {
        at = hi + 1;
        // Made after entries this page has not seen: what the form pins for its step (the
        // bidder) is taken from the log as it will be (EntryForm.follow_the_log).
        data.set("sequel", "1");
      }
      data.set("at", String(at));
    } else {
      at = null;
    }
    var item = {
      id: String(data.get("client_id") || uuid4()),
      game: game,
      url: new URL(action, location.href).pathname,
      body: new URLSearchParams(data).toString(),
      at: at,
      label: describe(form, submitter),
      made: Date.now(),
      state: "waiting",
      message: "",
    };
    if (!q.some(function (other) { return other.id === item.id; })) q.push(item);
    if (!saveQueue(q)) {
      setLast(game, "failed", say("noRoom"));
      return false;
    }
    if (at !== null) {
      var his = read("companion.at", {});
      his[game] = at;
      write("companion.at", his);
    }
    // Ready for the next entry: the form as it was first shown, with a new id.
    form.reset();
    var id = form.querySelector("input[name=client_id]");
    if (id) id.value = uuid4();
    setLast(game, "waiting");
    focusOn(document.getElementById("outbox"), say("kept", { n: waitingFor(game).length }));
    schedule(RETRY_MS);
    return true;
  }

  // --- sending kept entries ---------------------------------------------------------------------

  var flushing = false;
  var timer = null;

  function schedule(ms) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(function () { timer = null; flush(); }, ms);
  }

  function refusal(html, status) {
    try {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var items = doc.querySelectorAll(".violation li, #entry .errorlist li, .errorlist li");
      var texts = Array.prototype.map.call(items, function (li) {
        return li.textContent.replace(/\s+/g, " ").trim();
      }).filter(Boolean);
      if (texts.length) return texts.join(" ");
    } catch (e) { /* fall through */ }
    return say("refusedStatus", { status: status });
  }

  function update(id, change) {
    var q = queue();
    q.forEach(function (item) { if (item.id === id) Object.assign(item, change); });
    saveQueue(q);
  }

  function drop(id) {
    saveQueue(queue().filter(function (item) { return item.id !== id; }));
  }

  function next() {
    var blocked = {};
    var q = queue();
    for (var i = 0; i < q.length; i++) {
      var item = q[i];
      if (blocked[item.game]) continue;
      if (item.state === "refused") { blocked[item.game] = true; continue; }
      return item;
    }
    return null;
  }

  function flush() {
    if (flushing) return Promise.resolve();
    var item = next();
    if (!item) return Promise.resolve();
    flushing = true;
    var sent = {};
    function step() {
      item = next();
      if (!item) return null;
      setLast(item.game, "sending");
      return fetch(item.url, {
        method: "POST",
        body: item.body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        credentials: "same-origin",
        redirect: "manual",
      }).then(function (res) {
        if (res.type === "opaqueredirect" || (res.status >= 300 && res.status < 400)) {
          drop(item.id);
          sent[item.game] = true;
          setLast(item.game, "recorded");
          network(true);
          return step();
        }
        if (res.status >= 500 || res.status === 408 || res.status === 429) {
          setLast(item.game, "waiting");
          throw new Error("later");
        }
        network(true);
        return res.text().then(function (html) {
          var message = refusal(html, res.status);
          update(item.id, { state: "refused", message: message });
          setLast(item.game, "refused", message);
          return step();
        });
      });
    }
    return Promise.resolve()
      .then(step)
      .catch(function (e) {
        if (!(e && e.message === "later")) network(false);
        if (item) setLast(item.game, "waiting");
      })
      .then(function () {
        flushing = false;
        render();
        Object.keys(sent).forEach(refresh);
        if (next()) schedule(RETRY_MS);
      });
  }

  function refresh(game) {
    // The table moved on: bring this page up to date now rather than at the next poll.
    var poll = document.getElementById("poll");
    if (!poll || pageGame() !== game || !window.htmx) return;
    var url = new URL(poll.getAttribute("hx-get"), location.href);
    url.searchParams.set("v", "sent");
    window.htmx.ajax("GET", url.pathname + url.search, { target: "#live", swap: "outerHTML" });
  }

  // --- the outbox on the game page ---------------------------------------------------------------

  function outbox() {
    var box = document.getElementById("outbox");
    var entry = document.getElementById("entry");
    if (!box && entry && pageGame()) {
      box = document.createElement("section");
      box.id = "outbox";
      box.className = "outbox";
      box.setAttribute("aria-live", "polite");
      box.tabIndex = -1;
      entry.parentNode.insertBefore(box, entry);
    }
    return box;
  }

  function render() {
    var game = pageGame();
    var box = outbox();
    if (!box || !game) return;
    var mine = waitingFor(game);
    var last = lastOf(game);
    box.textContent = "";
    var state = document.createElement("p");
    state.className = "outbox-last";
    var lastState = last ? last.state : null;
    if (mine.length && lastState !== "sending" && lastState !== "refused") lastState = "waiting";
    if (lastState) {
      state.dataset.state = lastState;
      state.textContent = say("last_" + lastState);
      box.appendChild(state);
    }
    box.hidden = !lastState;
    box.classList.toggle("outbox-waiting", mine.length > 0);
    if (!mine.length) return;
    var count = document.createElement("p");
    count.className = "outbox-count";
    var strong = document.createElement("strong");
    strong.textContent = say("waiting", { n: mine.length });
    count.appendChild(strong);
    count.appendChild(document.createTextNode(" " + say("waitingHelp")));
    box.appendChild(count);
    var list = document.createElement("ol");
    list.className = "outbox-list";
    mine.forEach(function (item) {
      var li = document.createElement("li");
      li.dataset.id = item.id;
      li.className = "outbox-item outbox-" + item.state;
      var what = document.createElement("span");
      what.textContent = (item.at !== null ? say("entryAt", { n: item.at + 1 }) + " · " : "") +
        item.label;
      li.appendChild(what);
      if (item.state === "refused") {
        var why = document.createElement("p");
        why.className = "violation";
        why.setAttribute("role", "alert");
        why.textContent = say("refused") + " " + item.message;
        li.appendChild(why);
        var discard = document.createElement("button");
        discard.type = "button";
        discard.className = "btn btn-secondary btn-small";
        discard.textContent = say("discard");
        discard.addEventListener("click", function () {
          drop(item.id);
          render();
          flush();
        });
        li.appendChild(discard);
      }
      list.appendChild(li);
    });
    box.appendChild(list);
  }

  // --- network state (the banner lives in app.js; it listens for this) ------------------------

  function network(up) {
    document.dispatchEvent(new CustomEvent("companion:network", { detail: { up: up } }));
  }

  // --- focus follows the entry -----------------------------------------------------------------

  function announce(text) {
    var region = document.getElementById("announce");
    if (!region || !text) return;
    region.textContent = "";
    // A change after a pause is read out even when the words are the same as last time.
    setTimeout(function () { region.textContent = text; }, 50);
  }

  function focusOn(el, text, block) {
    if (!el) return;
    if (!el.hasAttribute("tabindex")) el.tabIndex = -1;
    el.scrollIntoView({ block: block || "center" });
    el.focus({ preventScroll: true });
    announce(text || el.textContent.replace(/\s+/g, " ").trim());
  }

  function afterEntry() {
    var violation = document.querySelector("#entry .violation");
    if (violation) {
      focusOn(violation);
      return;
    }
    var prompt = document.getElementById("prompt");
    var line = document.querySelector("#entry .trick-line");
    var text = prompt ? prompt.textContent.replace(/\s+/g, " ").trim() : "";
    if (line) text = line.textContent.replace(/\s+/g, " ").trim() + " " + text;
    if (document.querySelector("#entry .play-row.play-cards.expected") && prompt) {
      // A trick card by card: focus (and the words read out) on the banner, the screen on the
      // trick and the next player's cards (app.js), not back at the top after every trick.
      if (!prompt.hasAttribute("tabindex")) prompt.tabIndex = -1;
      prompt.focus({ preventScroll: true });
      announce(text);
      document.dispatchEvent(new CustomEvent("companion:trick"));
      return;
    }
    // The banner at the top of the screen, the next form (and its trick line) under it.
    focusOn(prompt, text, "start");
  }

  // --- wiring -----------------------------------------------------------------------------------

  var pending = new WeakMap();

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!isEntryForm(form)) return;
    var data = new FormData(form, ev.submitter || null);
    var game = gameOf(form.getAttribute("action"));
    if (!navigator.onLine || waitingFor(game).length) {
      // Keep it: sent after those already waiting, never before them.
      ev.preventDefault();
      ev.stopImmediatePropagation();
      keep(form, data, ev.submitter);
      if (navigator.onLine) flush();
      return;
    }
    pending.set(form, { data: data, submitter: ev.submitter || null });
    setLast(game, "sending");
  }, true);

  function failed(ev) {
    var form = ev.detail && ev.detail.elt;
    var sent = form && pending.get(form);
    if (!sent) return;
    pending.delete(form);
    network(false);
    keep(form, sent.data, sent.submitter);
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", function (ev) {
    var form = ev.detail && ev.detail.elt;
    var sent = form && pending.get(form);
    if (!sent) return;
    var status = ev.detail.xhr ? ev.detail.xhr.status : 0;
    if (status >= 500 || status === 408 || status === 429) {
      failed(ev);
      return;
    }
    pending.delete(form);
    var game = gameOf(form.getAttribute("action"));
    var message = refusal(ev.detail.xhr.responseText || "", status);
    setLast(game, "refused", message);
    focusOn(document.getElementById("outbox"), say("refused") + " " + message);
  });

  // Before the answer is swapped in: the form is still in the page (an answer that replaces it
  // would leave later events on a detached element, unheard here).
  document.addEventListener("htmx:beforeOnLoad", function (ev) {
    var form = ev.detail && ev.detail.elt;
    var status = ev.detail && ev.detail.xhr ? ev.detail.xhr.status : 0;
    if (!form || !pending.has(form) || status < 200 || status >= 300) return;
    pending.delete(form);
    var game = gameOf(form.getAttribute("action"));
    var refused = ev.detail.xhr && ev.detail.xhr.getResponseHeader("HX-Retarget");
    network(true);
    setLast(game, refused ? "refused" : "recorded");
    // The answer is swapped in and settled (htmx's settle delay is 20 ms) before focus moves.
    setTimeout(afterEntry, 100);
  });

  window.addEventListener("online", function () { network(true); flush(); });
  window.addEventListener("offline", function () { network(false); });
  window.addEventListener("storage", function (ev) { if (ev.key === STORE) render(); });
  document.addEventListener("htmx:afterSettle", function () { if (!document.getElementById("outbox")) render(); });

  function start() {
    render();
    if (navigator.onLine) flush();
    else if (next()) schedule(RETRY_MS);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  // say: app.js words its messages with the same #js-words.
  window.companionEntries = { flush: flush, queue: queue, say: say };
})();
