/*
 * The service worker (served at /sw.js by companion.tables.app_views, which puts SHELL,
 * OFFLINE, STATIC_URL and VERSION in front of this file, so that its scope is the whole site).
 *
 * - The app shell (stylesheet, scripts, icons, the offline page) is kept at install, and
 *   static files are answered from the cache, refreshed in the background.
 * - A page (a navigation) is asked of the network first and kept; without a network the last
 *   copy kept on this phone is shown (pages update that copy themselves after htmx changes
 *   them: app.js), else the offline page. Offline, the banner says so and the page cannot
 *   change anything the server must check (app.js); entries are kept to send (entries.js).
 * - Everything else (POSTs, htmx fragments and polls, downloads, QR codes) goes to the network
 *   untouched: nothing is ever recorded from a cache.
 */
/* global SHELL, OFFLINE, STATIC_URL, VERSION */
"use strict";

var STATIC = "companion-static-" + VERSION;
var PAGES = "companion-pages";
var MAX_PAGES = 80;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC)
      .then(function (cache) { return cache.addAll(SHELL); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (k) {
        return k.indexOf("companion-static-") === 0 && k !== STATIC;
      }).map(function (k) { return caches.delete(k); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isHtml(response) {
  return (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.length - MAX_PAGES;
    return Promise.all(keys.slice(0, Math.max(0, extra)).map(function (k) { return cache.delete(k); }));
  });
}

function page(request) {
  var url = new URL(request.url);
  var key = url.pathname + url.search;
  return fetch(request).then(function (response) {
    if (response.ok && !response.redirected && response.type === "basic" && isHtml(response) &&
        !response.headers.get("Content-Disposition")) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) {
        return cache.delete(key).then(function () { return cache.put(key, copy); })
          .then(function () { return trim(cache); });
      });
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(key); })
      .then(function (kept) {
        return kept || caches.match(OFFLINE).then(function (offline) {
          return offline || new Response("Offline", {
            status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
          });
        });
      });
  });
}

function staticFile(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request).then(function (kept) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
      if (kept) {
        fresh.catch(function () {});
        return kept;
      }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC_URL) === 0) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
  }
});
