/* Every page: on a secure origin (https or localhost) the service worker that opens match pages
   without a connection (plain http has none: static/js/queue.js keeps deals there); on a match
   page, the files the page uses (its hashed styles, scripts and pictures) kept in the worker's
   cache from the first visit on (refresh.js keeps the page itself), and the Screen Wake Lock
   so the phone stays awake between deals. */
(function () {
  "use strict";
  var CACHE = "scorekeeper-v2";  // the service worker's cache (static/js/sw.js)
  var secure = window.isSecureContext && "serviceWorker" in navigator;
  if (secure) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* the pages work without */ });
  }
  if (!document.querySelector(".board")) return;
  if (secure && window.caches) {
    var urls = [];
    document.querySelectorAll("link[href], script[src], img[src]").forEach(function (el) {
      var url = new URL(el.href || el.src, location.href);
      if (url.origin === location.origin && /^\/static\/[0-9a-f]{12}\//.test(url.pathname) &&
          urls.indexOf(url.href) < 0) urls.push(url.href);
    });
    caches.open(CACHE).then(function (cache) {
      return Promise.all(urls.map(function (url) {
        return cache.match(url).then(function (hit) { return hit || cache.add(url); });
      }));
    }).catch(function () { /* no room or no connection: the page still works online */ });
  }
  if (!("wakeLock" in navigator)) return;
  var lock = null;
  function awake() {
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      document.documentElement.dataset.awake = "1";
      l.addEventListener("release", function () {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    }).catch(function () { /* refused (battery saver): the phone sleeps as usual */ });
  }
  document.addEventListener("visibilitychange", awake);
  awake();
})();
