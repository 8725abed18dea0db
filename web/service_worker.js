// Puzzle Lab's service worker (copied into the site as sw.js with the build's
// version filled in): precaches the page and everything it loads, so after
// one visit the page opens offline. Each build has its own cache; a new build
// installs a new cache and the old one is deleted once the new one is active.
"use strict";

var VERSION = "@PUZZLELAB_VERSION@";
var CACHE = "puzzlelab-" + VERSION;
var FILES = ["./", "index.html", "puzzlelab.js", "puzzlelab.wasm",
             "solver_worker.js", "solver_worker.wasm", "embed.js"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(FILES);
  }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("puzzlelab-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () {
    return self.clients.claim();
  }));
});

// Cache first for the precached files (one consistent build), the network
// for anything else. Any page in scope is index.html (the hash picks the board).
self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var key = request.mode === "navigate" ? new URL("index.html", self.registration.scope).href
                                        : url.origin + url.pathname;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(key, { ignoreSearch: true });
  }).then(function (hit) {
    return hit || fetch(request);
  }));
});
