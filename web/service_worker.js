// Puzzle Lab's service worker (written into the site as sw.js by
// web/stamp_site.mjs, with the build's version and files filled in;
// registered as sw.js?v=BUILD): after one visit the page opens offline, and
// a new build reaches a returning visitor on their next visit but one,
// whatever caching headers the host sends (index.html asks the server for
// its build on a return visit and registers a newer build's worker).
//
// - Precache: each file is checked against this build's SHA-256. On the
//   first visit the page has just loaded the files, so the copy in the
//   browser's HTTP cache is taken (nothing is downloaded twice); any copy
//   that is not this build's (an old index.html the HTTP cache still thinks
//   fresh) is fetched again past the HTTP cache. A server still holding
//   another build fails the install: the worker before stays.
// - The page and its files come from the cache; only the app's own page is
//   answered (the scope's address or its index.html): another page beside
//   the lab goes to the network.
// - Each build has its cache. A new one takes over at once; the previous
//   builds' caches stay (two of them), so a page still open on an old build
//   keeps getting its own build's files (the page asks for them with its
//   ?v=build): an old page never runs a new solver worker. Such a page asks
//   the worker in charge its build and says a new version is ready.
"use strict";

var VERSION = "@PUZZLELAB_VERSION@";
var CACHE = "puzzlelab-" + VERSION;
var KEEP_OLD = 2;  // builds before this one whose caches stay for open pages
// URL (relative to the scope) -> SHA-256 in hex.
var FILES = @PUZZLELAB_FILES@;

function hex(buffer) {
  return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
    return (b < 16 ? "0" : "") + b.toString(16);
  }).join("");
}

// The response when its body is this build's, else null.
function verified(response, hash) {
  if (!response || !response.ok) return Promise.resolve(null);
  return response.clone().arrayBuffer().then(function (body) {
    return crypto.subtle.digest("SHA-256", body);
  }).then(function (digest) {
    return hex(digest) === hash ? response : null;
  });
}

// The browser's HTTP cache first (the page just loaded these files), the
// network only when it has no copy, or not this build's.
function fetchFile(name, hash) {
  var url = new URL(name, self.registration.scope).href;
  // The page itself may have been loaded as the scope's address ("./").
  var cached = name === "index.html" ? [url, self.registration.scope] : [url];
  function fromCache(i) {
    if (i >= cached.length) return Promise.resolve(null);
    return fetch(cached[i], { cache: "only-if-cached", mode: "same-origin" }).then(function (response) {
      return verified(response, hash);
    }, function () { return null; }).then(function (hit) { return hit || fromCache(i + 1); });
  }
  return fromCache(0).then(function (hit) {
    return hit || fetch(url, { cache: "reload" }).then(function (response) {
      return verified(response, hash);
    });
  }).then(function (response) {
    if (!response) throw new Error(name + " on the server is not build " + VERSION);
    return [url, response];
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(Promise.all(Object.keys(FILES).map(function (name) {
    return fetchFile(name, FILES[name]);
  })).then(function (files) {
    return caches.open(CACHE).then(function (cache) {
      return Promise.all(files.map(function (file) { return cache.put(file[0], file[1]); }));
    });
  }).then(function () {
    return self.skipWaiting();
  }));
});

// Keeps this build's cache and the KEEP_OLD newest before it (cache names
// carry no date: the order they were made in is kept in a small list).
function pruneCaches() {
  return caches.open("puzzlelab-builds").then(function (list) {
    return list.match("order").then(function (order) {
      return order ? order.json() : [];
    }).then(function (builds) {
      builds = builds.filter(function (name) { return name !== CACHE; }).concat([CACHE]);
      var keep = builds.slice(-1 - KEEP_OLD);
      return caches.keys().then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("puzzlelab-") === 0 && name !== "puzzlelab-builds" && keep.indexOf(name) < 0;
        }).map(function (name) { return caches.delete(name); }));
      }).then(function () {
        return list.put("order", new Response(JSON.stringify(keep)));
      });
    });
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(pruneCaches().then(function () {
    return self.clients.claim();
  }));
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "version" && event.ports[0])
    event.ports[0].postMessage({ version: VERSION });
});

// A request's response from this build's cache, else from an older build's
// (a page still open on it asks for its own ?v=), else nothing.
function fromCaches(url) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(url);
  }).then(function (hit) {
    if (hit) return hit;
    return caches.keys().then(function (names) {
      var older = names.filter(function (name) {
        return name.indexOf("puzzlelab-") === 0 && name !== CACHE && name !== "puzzlelab-builds";
      });
      return older.reduce(function (found, name) {
        return found.then(function (response) {
          return response || caches.open(name).then(function (cache) { return cache.match(url); });
        });
      }, Promise.resolve(undefined));
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  // A request that wants no stored copy (the page asking the server for its
  // build now) goes to the network as it asked.
  if (request.method !== "GET" || request.cache === "no-store" || request.cache === "reload") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    var scope = new URL(self.registration.scope).pathname;
    if (url.pathname !== scope && url.pathname !== scope + "index.html") return;  // not ours
    var page = new URL("index.html", self.registration.scope).href;
    event.respondWith(fromCaches(page).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  event.respondWith(fromCaches(url.origin + url.pathname + url.search).then(function (hit) {
    return hit || fetch(request);
  }));
});
