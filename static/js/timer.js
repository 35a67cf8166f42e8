/* Round timer: counts down from the server's remaining seconds (no clock skew between devices).
   When time is called it shows the message from data-up: the deal in play is finished. */
(function () {
  "use strict";
  var started = Date.now();
  var timers = Array.prototype.slice.call(document.querySelectorAll(".timer[data-remaining]"));
  var running = null;
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var gone = Math.floor((Date.now() - started) / 1000);
    timers.forEach(function (el) {
      var left = parseInt(el.getAttribute("data-remaining"), 10) - gone;
      var clock = el.querySelector(".clock");
      var note = el.querySelector(".note-up");
      if (left > 0) {
        clock.textContent = Math.floor(left / 60) + ":" + pad(left % 60);
        el.classList.toggle("last", left <= 300);
      } else {
        clock.textContent = "0:00";
        el.classList.add("up");
        if (note) { note.textContent = el.getAttribute("data-up"); }
      }
    });
  }
  function start() {
    if (timers.length && !running) { tick(); running = setInterval(tick, 1000); }
  }
  // live.js swapped in a fresh page part: count down from the server's new figure
  document.addEventListener("live:updated", function () {
    started = Date.now();
    timers = Array.prototype.slice.call(document.querySelectorAll(".timer[data-remaining]"));
    start();
  });
  start();
})();
