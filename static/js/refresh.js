/* The table's match page keeps itself up to date (docs/saving.md "Two phones"): every few
   seconds, back in view, back online and after each save ("sk:changed") it fetches itself with
   its ETag (304 while nothing changed) and swaps in the board, the deal list and the chart as
   the server shows them; the form is never touched; then "sk:refreshed". On a secure origin
   each fresh copy goes into the service worker's cache for a reload without a connection. */
(function () {
  "use strict";
  var d = document, box = d.getElementById("saver");
  if (!box || !window.fetch || !window.DOMParser) return;
  var CACHE = "scorekeeper-v2";  // the service worker's cache (static/js/sw.js)
  var every = parseInt(box.dataset.refresh, 10) || 0, etag = box.dataset.etag || "";
  var busy = false, again = false, kept = false;

  function keep(response) {  // the offline copy of this page, under its address
    if (!window.caches || !window.isSecureContext || !("serviceWorker" in navigator)) return;
    kept = true;
    caches.open(CACHE).then(function (cache) {
      return cache.put(location.pathname, response);
    }).catch(function () { /* no room: the page still works online */ });
  }

  function refresh() {
    if (busy) { again = true; return; }
    if (box.dataset.busy) return;  // a deal is on its way: its answer asks again
    busy = true;
    box.dataset.refreshing = "1";
    fetch(location.href, {cache: "no-cache", credentials: "same-origin"})
      .then(function (response) {
        var tag = response.headers.get("ETag") || "";
        if (!response.ok || (tag && tag === etag && kept)) return null;
        keep(response.clone());
        if (tag && tag === etag) return null;
        etag = tag;
        return response.text();
      })
      .then(function (html) { if (html) swap(html); })
      .catch(function () { /* no connection just now: next time */ })
      .then(function () {
        busy = false;
        delete box.dataset.refreshing;
        if (again) { again = false; refresh(); }
      });
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var saver = fresh.getElementById("saver");
    if (!saver || box.dataset.busy) return;
    var v = parseInt(saver.dataset.version, 10) || 0, mine = parseInt(box.dataset.version, 10) || 0;
    if (v < mine) return;  // older than this phone's own last save
    var hasForm = !!d.getElementById("deal-form"), freshForm = fresh.getElementById("deal-form");
    if (hasForm !== !!freshForm && !localStorage.getItem("sk-queue-" + box.dataset.match)) {
      d.documentElement.dataset.reloading = "1";
      location.reload();  // the match ended or reopened on another phone: the page as a whole
      return;
    }
    ["section.board", "#deals", ".chart-box"].forEach(function (sel) {
      var old = d.querySelector(sel), now = fresh.querySelector(sel);
      if (old && now) { old.replaceWith(d.importNode(now, true)); }
      else if (old) { old.remove(); }
      else if (now) { d.getElementById("deals").after(d.importNode(now, true)); }
    });
    if (saver.dataset.csrf) box.dataset.csrf = saver.dataset.csrf;
    var dealer = freshForm && freshForm.querySelector("input[name=dealer]:checked");
    if (v > mine) announce();
    d.dispatchEvent(new CustomEvent("sk:refreshed", {detail: {
      deals: parseInt(saver.dataset.deals, 10) || 0,
      version: v,
      dealer: dealer ? dealer.value : undefined
    }}));
  }

  function announce() {  // another phone saved
    var status = d.getElementById("save-status");
    if (!status || (!status.hidden && /\bbad\b|\bwarn\b/.test(status.className))) return;
    status.hidden = false;
    status.className = "save-status";
    status.textContent = box.dataset.tNewer;
  }

  d.addEventListener("sk:changed", refresh);
  d.addEventListener("visibilitychange", function () {
    if (d.visibilityState === "visible") refresh();
  });
  window.addEventListener("online", refresh);
  if (every > 0) {
    setInterval(function () { if (d.visibilityState === "visible") refresh(); }, every * 1000);
  }
  refresh();  // at once: the offline copy, any deal saved since
})();
