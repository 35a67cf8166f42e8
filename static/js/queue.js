/* Saving that cannot lose a deal (issue 9). With JavaScript, Save sends the deal form in the
   background: the deal first goes into this phone's localStorage queue (with its
   Idempotency-Key), appears at once in the deal list marked as waiting, and is sent in order.
   A failed or timed-out request keeps it on the phone and retries with back-off, on the
   browser's "online" event and on the next page load; the key makes a retry store nothing
   twice. A deal the server refuses stays in the list with the reason, to be fixed or
   discarded. Works on plain http (no service worker needed); without JavaScript the form posts
   as before. Texts come from data-t-* attributes of #saver (translated by the server). */
(function () {
  "use strict";
  var d = document, box = d.getElementById("saver");
  if (!box || !window.fetch || !window.URLSearchParams) return;
  try { localStorage.setItem("sk-probe", "1"); localStorage.removeItem("sk-probe"); }
  catch (err) { return; }  // no storage (private mode, full): the plain form keeps working
  var T = box.dataset, storeKey = "sk-queue-" + T.match;
  var form = d.getElementById("deal-form"), status = d.getElementById("save-status");
  var list = d.querySelector("#deals ol.deals");
  var saveBtn = form ? form.querySelector("button.save") : null;
  var known = parseInt(T.deals, 10) || 0;  // deals the server has, as this page last heard
  var sending = false, retryTimer = null, delay = 0, reloadWhenDone = false;
  var TIMEOUT = 20000;

  function load() {
    try { return JSON.parse(localStorage.getItem(storeKey)) || []; } catch (err) { return []; }
  }
  function store(queue) {
    try {
      if (queue.length) { localStorage.setItem(storeKey, JSON.stringify(queue)); }
      else { localStorage.removeItem(storeKey); }
      return true;
    } catch (err) { return false; }
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);  // also on plain http, unlike randomUUID
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function say(text, kind) {
    if (!status) return;
    status.hidden = !text;
    status.textContent = text || "";
    status.className = "save-status" + (kind ? " " + kind : "");
  }
  function saveLabel() {
    if (!saveBtn) return;
    var next = known + load().length + 1;
    var label = (saveBtn.dataset.label || saveBtn.textContent).replace(/\d+/, next);
    saveBtn.dataset.label = label;
    if (!saveBtn.disabled) saveBtn.textContent = label;
  }

  // What the players typed, in the form's own words (the waiting line of the deal list).
  function summary() {
    var parts = [];
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.value === "" || input.type === "hidden") return;
      var label = form.querySelector("label[for='" + input.id + "']");
      // what the players see or changed (not the defaults of parts hidden or folded away)
      if (!label || (!label.getClientRects().length && input.defaultChecked)) return;
      var text = (label.innerText || label.textContent).replace(/\s+/g, " ").trim();
      if (text) parts.push(text);
    });
    form.querySelectorAll("input[type=number]").forEach(function (input) {
      if (input.value === "" || (input.hasAttribute("data-step") && +input.value === 0)) return;
      var label = input.closest("label"), span = label && label.querySelector("span");
      parts.push((span ? span.textContent.trim() + " " : "") + input.value);
    });
    var decl = d.getElementById("decl-list");
    if (decl && decl.children.length) {
      parts.push(Array.prototype.map.call(decl.children, function (li) {
        return li.textContent;
      }).join(", "));
    }
    return parts.join(" · ");
  }

  // The queued deals, newest first, above the stored ones.
  function render() {
    if (!list) return;
    list.querySelectorAll("li.pending").forEach(function (li) { li.remove(); });
    var queue = load(), blocked = false;
    queue.forEach(function (item, i) {
      var li = d.createElement("li"), head = d.createElement("div"), num = d.createElement("b");
      var text = d.createElement("span"), note = d.createElement("p");
      li.className = "pending" + (item.refused ? " refused" : "");
      li.dataset.key = item.key;
      head.className = "dh";
      num.textContent = String(known + i + 1);
      text.textContent = item.text;
      head.appendChild(num);
      head.appendChild(text);
      li.appendChild(head);
      note.className = "wait";
      if (item.refused) {
        note.textContent = T.tRefused + " " + item.refused;
        li.appendChild(note);
        blocked = true;
        if (item.fixing) {  // back in the form: saving it again keeps its place in the queue
          var fixing = d.createElement("p");
          fixing.className = "wait";
          fixing.textContent = T.tFixingNow;
          li.appendChild(fixing);
          list.insertBefore(li, list.firstChild);
          return;
        }
        var acts = d.createElement("p");
        acts.className = "acts";
        if (form) acts.appendChild(button(T.tFix, "btn small", function () { fix(item.key); }));
        acts.appendChild(button(T.tDiscard, "btn small danger", function () {
          discard(item.key);
        }));
        li.appendChild(acts);
      } else {
        note.textContent = blocked ? T.tBehind : (item.sending ? T.tSending : T.tWaiting);
        li.appendChild(note);
      }
      list.insertBefore(li, list.firstChild);
    });
    var none = d.getElementById("no-deals");
    if (none) none.hidden = queue.length > 0 || list.querySelector("li") !== null;
    saveLabel();
  }
  function button(text, cls, onTap) {
    var b = d.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    b.addEventListener("click", onTap);
    return b;
  }
  function update(key, changes) {
    var queue = load();
    queue.forEach(function (item) {
      if (item.key === key) Object.keys(changes).forEach(function (k) { item[k] = changes[k]; });
    });
    store(queue);
  }

  // Stored: the deal's line as the server renders it, the scores as they are now.
  function stored(answer) {
    known = Math.max(known, answer.deal.n);
    if (list && answer.html && !d.getElementById("deal-" + answer.deal.n)) {
      var holder = d.createElement("ol");
      holder.innerHTML = answer.html;
      var li = holder.firstElementChild, first = list.querySelector("li:not(.pending)");
      list.insertBefore(li, first);
    }
    (answer.scores || []).forEach(function (score, i) {
      var el = d.querySelector(".board .pts[data-score='" + i + "']");
      if (el) el.textContent = score;
    });
    var money = d.querySelectorAll(".board .side .money");
    (answer.money || []).forEach(function (value, i) {
      if (money[i]) money[i].textContent = money[i].textContent.replace(/^\S+/, value);
    });
    var count = d.getElementById("deal-count"), acts = d.getElementById("deal-acts");
    if (count) count.textContent = "(" + known + ")";
    if (acts) acts.hidden = false;  // undo, history, print: there is a deal now
    // The winner, or a new game of Mariasz toward its target: the page shows them as a whole.
    var current = d.querySelectorAll(".board .current b"), points = answer.current || [];
    var playing = points.some(function (p) { return p; });
    if (answer.finished || (playing && !current.length) || (!playing && current.length)) {
      reloadWhenDone = true;
    }
    points.forEach(function (p, i) { if (current[i]) current[i].textContent = p; });
  }

  function send() {
    if (sending) return;
    clearTimeout(retryTimer);
    var queue = load();
    if (!queue.length) {
      if (reloadWhenDone) {
        d.documentElement.dataset.reloading = "1";
        window.location.reload();
      }
      return;
    }
    var item = queue[0];
    if (item.refused) { render(); return; }  // in order: the rest waits for the players
    sending = true;
    update(item.key, {sending: true});
    render();
    var body = new URLSearchParams(item.body);
    if (T.csrf) body.set("csrf_token", T.csrf);
    body.set("after", String(known));
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, TIMEOUT);
    fetch(T.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      // A tap on a link meanwhile does not cancel it; the deal stays queued until an answer
      // is read, so the next match page sends it again under the same key (stored once).
      keepalive: true,
      signal: controller ? controller.signal : undefined,
      headers: {
        "Accept": "application/json",
        "Idempotency-Key": item.key,
        "Prefer": "return=minimal",
        "X-CSRFToken": T.csrf || ""
      }
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (data) {
        return {status: response.status, data: data};
      });
    }).then(function (result) {
      clearTimeout(timer);
      sending = false;
      var data = result.data || {};
      if (result.status < 300 && data.deal) {
        store(load().filter(function (q) { return q.key !== item.key; }));
        delay = 0;
        stored(data);
        say(T.tSaved, "ok");
      } else if (result.status === 400 && data.csrf && data.csrf !== T.csrf) {
        T.csrf = data.csrf;  // the page was open too long: again with a fresh token
      } else if (result.status >= 400 && result.status < 500 && data.errors) {
        var reason = data.errors.map(function (e) { return e.message; }).join(" ");
        update(item.key, {refused: reason, errors: data.errors, sending: false});
        say(T.tRefused + " " + reason, "bad");
      } else {  // 5xx: the server's own words (a full disk…) and ours: it is kept, retried
        var why = (data.errors || []).map(function (e) { return e.message; }).join(" ");
        return trouble(item, (why ? why + " " : "") + T.tTrouble);
      }
      finish();
      send();
    }, function () {
      clearTimeout(timer);
      sending = false;
      trouble(item, T.tKept);
    });
  }
  function trouble(item, text) {
    update(item.key, {sending: false});
    say(text, "warn");
    finish();
    render();
    delay = Math.min(60000, delay ? delay * 2 : 2000);
    retryTimer = setTimeout(send, delay + Math.floor(Math.random() * 500));
  }
  function finish() {
    if (saveBtn) {
      saveBtn.disabled = false;
      saveBtn.removeAttribute("aria-busy");
    }
    render();  // the label again: "Save deal N"
  }

  function discard(key) {
    store(load().filter(function (q) { return q.key !== key; }));
    say(T.tDiscarded, "");
    render();
    send();
  }
  // Fix: the refused deal goes back into the form, as typed, with the reason above it.
  function fix(key) {
    var item = load().filter(function (q) { return q.key === key; })[0];
    if (!item) return;
    load().forEach(function (q) { if (q.fixing) update(q.key, {fixing: false}); });
    update(key, {fixing: true});
    var values = new URLSearchParams(item.body);
    form.reset();
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "csrf_token" || el.tagName === "BUTTON") return;
      var all = values.getAll(el.name);
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = all.indexOf(el.value) >= 0;
      } else if (all.length) {
        el.value = all[0];
      }
      if (el.hasAttribute("data-step")) el.dispatchEvent(new Event("input"));
    });
    form.querySelector("input[name=idem]").value = newKey();
    say(T.tFixing + " " + item.refused, "bad");
    render();
    form.scrollIntoView({block: "start"});
  }

  // The next deal: the form as the page first showed it, a fresh key, the next dealer.
  function nextDeal() {
    var dealers = form.querySelectorAll("input[name=dealer]"), dealer = null, preset = false;
    dealers.forEach(function (r) {
      if (r.checked && r.value !== "") dealer = +r.value;
      if (r.defaultChecked && r.value !== "") preset = true;
    });
    form.reset();
    form.querySelectorAll("input[data-step]").forEach(function (input) {
      input.dispatchEvent(new Event("input"));
    });
    var decl = d.getElementById("decl-list");
    if (decl) decl.textContent = "";
    var count = Array.prototype.filter.call(dealers, function (r) { return r.value !== ""; });
    if (preset && dealer !== null && count.length) {
      var next = form.querySelector("input[name=dealer][value='" + (dealer + 1) % count.length + "']");
      if (next) next.checked = true;
    }
    form.querySelector("input[name=idem]").value = newKey();
  }

  if (form && saveBtn) {
    form.addEventListener("submit", function (e) {
      var by = e.submitter;
      if (by && (by.name === "add" || by.name === "pop")) return;  // marianna without deal.js
      e.preventDefault();
      if (saveBtn.disabled) return;  // a second tap while saving does nothing
      var item = {
        key: form.querySelector("input[name=idem]").value || newKey(),
        body: new URLSearchParams(new FormData(form)).toString(),
        text: summary(),
        at: Date.now()
      };
      var queue = load(), at = -1;
      queue.forEach(function (q, i) { if (q.fixing) at = i; });
      if (queue.some(function (q) { return q.key === item.key; })) item.key = newKey();
      if (at >= 0) { queue[at] = item; } else { queue.push(item); }  // a fixed deal keeps its place
      if (!store(queue)) { form.submit(); return; }  // no room on the phone: the plain POST
      saveBtn.disabled = true;
      saveBtn.setAttribute("aria-busy", "true");
      nextDeal();
      render();
      saveBtn.textContent = T.tSaving;
      delay = 0;
      send();
    });
  }
  window.addEventListener("online", function () { delay = 0; send(); });
  render();
  send();
})();
