/* Scorekeeper's service worker (docs/saving.md), registered by app.js on secure origins only
   (https, localhost): plain http on a pub's LAN has none, and static/js/queue.js keeps deals
   without it. Nothing is fetched in advance: app.js puts the files a match page uses (under
   their hashed names) into this cache on the page's first visit, refresh.js the page itself
   after every change, so a match page opens without a connection from the first visit on.
   Match pages: network first, the last copy when there is no connection. Styles, scripts and
   pictures under a hashed name: from the cache (the name changes with the file), else from the
   network, kept; other files are left to the browser. Posts (the deal form, the background
   save) and the JSON API are never touched. */
"use strict";
var CACHE = "scorekeeper-v2";  // also in app.js and refresh.js

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/api/") === 0) return;
  if (/^\/static\/[0-9a-f]{12}\//.test(url.pathname)) {  // a hashed name: never changes
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
    return;
  }
  if (request.mode === "navigate" && url.pathname.indexOf("/m/") === 0) {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
      }
      return response;
    }).catch(function () {
      return caches.open(CACHE).then(function (cache) {
        return cache.match(url.pathname);
      }).then(function (hit) { return hit || Response.error(); });
    }));
  }
});
