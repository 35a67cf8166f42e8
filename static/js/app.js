/* Every page: on a secure origin (https or localhost) the service worker that opens match pages
   without a connection (plain http has none: static/js/queue.js keeps deals there); on a match
   page, the Screen Wake Lock so the phone stays awake between deals. */
(function () {
  "use strict";
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* the pages work without */ });
  }
  if (!document.querySelector(".board") || !("wakeLock" in navigator)) return;
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
