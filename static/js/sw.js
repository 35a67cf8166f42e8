/* Scorekeeper's service worker (issue 9), registered by app.js on secure origins only (https,
   localhost): plain http on a pub's LAN has none, and static/js/queue.js keeps deals without it.
   Match pages: network first, the last copy when there is no connection, so a match page opens
   offline. Styles, scripts and icons: from the cache, refreshed in the background. Posts (the
   deal form, the background save) and the JSON API are never touched. */
"use strict";
var CACHE = "scorekeeper-v1";
var ASSETS = ["/static/css/app.css", "/static/js/app.js", "/static/js/deal.js",
  "/static/js/queue.js", "/static/manifest.webmanifest", "/static/img/icon-192.png"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(ASSETS); })
    .then(function () { return self.skipWaiting(); }));
});

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
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        var fresh = fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
        return hit || fresh;
      });
    }));
    return;
  }
  if (request.mode === "navigate" && url.pathname.indexOf("/m/") === 0) {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(request).then(function (hit) { return hit || Response.error(); });
    }));
  }
});
