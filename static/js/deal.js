/* Deal forms, on top of forms that work without JavaScript: the other side's points, flek
   -/+ buttons, Marianna declarations in place, share links; window.SkForm for queue.js. */
(function () {
  "use strict";
  var d = document;
  d.documentElement.classList.add("js");

  // Points: typing one side's card points fills in the other (deal total minus it),
  // unless the player typed that one too.
  d.querySelectorAll("input[data-total]").forEach(function (a) {
    var b = d.getElementById(a.dataset.other);
    if (!b) return;
    // Editing a played-out deal: the pair adds up, so the other one follows the one typed.
    if (a.value !== "" && b.value !== "" && +a.value + +b.value === +a.dataset.total) {
      b.dataset.auto = "1";
    }
    // After a refused out-of-range entry the other one was filled in from it: let it follow.
    if (a.value !== "" && (+a.value < 0 || +a.value > +a.dataset.total)) b.dataset.auto = "1";
    a.addEventListener("input", function () {
      delete a.dataset.auto;
      var v = parseInt(a.value, 10);
      if (b.value === "" || b.dataset.auto) {
        // Out of range: leave the other empty rather than a 0 that would be refused next.
        if (isNaN(v) || v < 0 || v > +a.dataset.total) { b.value = ""; }
        else { b.value = a.dataset.total - v; }
        b.dataset.auto = "1";
      }
    });
  });

  // Flek steppers: − and + outside the label (a tap on "Flek" only focuses the field), named
  // "Flek: less/more" by the page; the level's name (flek, re…) beside them.
  d.querySelectorAll("input[data-step]").forEach(function (input) {
    var names = JSON.parse((input.form && input.form.dataset.flekNames) || "[]");
    var box = d.createElement("span"), out = d.createElement("output");
    box.className = "stepper";
    out.htmlFor = input.id;
    function button(text, step, name) {
      var b = d.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", name);
      b.addEventListener("click", function () {
        var v = (parseInt(input.value, 10) || 0) + step, max = parseInt(input.max, 10);
        if (v < 0 || (!isNaN(max) && v > max)) return;
        input.value = v;
        show();
      });
      return b;
    }
    function show() {
      var v = parseInt(input.value, 10) || 0;
      out.textContent = names[v] !== undefined ? names[v] : "×" + Math.pow(2, v);
    }
    input.parentNode.insertBefore(box, input);
    box.appendChild(button("−", -1, input.dataset.less || "−"));
    box.appendChild(input);
    box.appendChild(button("+", 1, input.dataset.more || "+"));
    box.parentNode.appendChild(out);
    input.addEventListener("input", show);
    show();
  });

  declarations();
  contracts();
  copyLinks();
  window.SkForm = formState();

  // A refusal the server rendered: focus on the first field it names.
  var form = d.getElementById("deal-form"), bad = form && form.querySelector(".bad");
  if (bad) {
    var first = bad.querySelector("input:not([type=hidden]), select, textarea") ||
      bad.querySelector("button");
    if (first) first.focus({preventScroll: true});
    bad.scrollIntoView({block: "center"});
  }

  // The words of a data-gives / data-when / data-unless list; does it name one of ``given``?
  function words(list) { return list ? list.split(" ") : []; }
  function any(list, given) {
    return words(list).some(function (w) { return given.indexOf(w) >= 0; });
  }

  // A form whose choices say what they bring (data-gives, written by the game's form from its
  // rules): a [data-when] block shows while a checked choice gives one of its words, a
  // [data-unless] block hides while one does.
  // The flek steppers of a per-defender form (data-flek-for) are named by the defenders.
  function contracts() {
    var form = d.getElementById("deal-form");
    if (!form || !form.querySelector("input[data-gives]")) return;
    var players = JSON.parse(form.dataset.players || "[]"), flekFor = form.dataset.flekFor;
    function picked(name) {
      var input = form.querySelector("input[name=" + name + "]:checked");
      return input && input.value !== "" ? +input.value : null;
    }
    function defenders() {
      var declarer = picked("declarer"), sitter = players.length === 4 ? picked("dealer") : null;
      if (declarer === null) return [];
      return players.map(function (p, i) { return i; }).filter(function (i) {
        return i !== declarer && i !== sitter;
      });
    }
    function names() {
      var seats = defenders();
      form.querySelectorAll("input[data-step]").forEach(function (input) {
        var label = form.querySelector("label[for='" + input.id + "']");
        if (!label) return;
        if (!label.dataset.plain) label.dataset.plain = label.textContent;
        var seat = seats[/_flek2$/.test(input.name) ? 1 : 0];
        label.textContent = seat === undefined || !flekFor ? label.dataset.plain :
          flekFor.replace("%s", players[seat]);
      });
    }
    // A tapped choice counts only while it can be seen (a choice that hides a block takes the
    // choices tapped inside it along): recount until what shows no longer changes.
    function show() {
      var blocks = form.querySelectorAll("[data-when], [data-unless]"), before = null;
      blocks.forEach(function (block) { block.hidden = false; });
      for (var pass = 0; pass < 5; pass++) {
        var given = [];
        form.querySelectorAll("input[data-gives]:checked").forEach(function (input) {
          if (!input.closest("[hidden]")) given = given.concat(words(input.dataset.gives));
        });
        var now = given.sort().join(" ");
        if (now === before) break;
        before = now;
        blocks.forEach(function (block) {
          block.hidden = (block.dataset.when !== undefined && !any(block.dataset.when, given)) ||
            any(block.dataset.unless, given);
        });
      }
      names();
    }
    form.addEventListener("change", show);
    form.addEventListener("sk-restored", show);
    show();
  }

  // Marianna declarations: team + suit buttons append, each item has a Remove button; the list
  // is drawn from the hidden field ("side:kind:suit" tokens): set it, send "input".
  function declarations() {
    var list = d.getElementById("decl-list"), field = d.querySelector("input[name=declarations]");
    if (!list || !field) return;
    var plain = list.dataset.plain;  // the plain declaration's kind, from the form
    function tokens() { return field.value.split(" ").filter(Boolean); }
    function kindLabel(kind) {
      var label = d.querySelector("input[name=kind][value='" + kind + "'] + label");
      return label ? label.textContent.trim() : kind.replace("*", "");
    }
    function said(token) {
      var bits = token.split(":"), side = bits[0], kind = bits[1] || plain, suit = bits[2];
      var b = d.querySelector("button[name=add][value='" + side + ":" + (suit || "hearts") + "']");
      var label = b ? b.dataset.label.split(": ") : [side, suit];
      return label[0] + ": " + (kind === plain ? "" : kindLabel(kind) + " ") +
        (suit ? label[1] : "");
    }
    function draw() {
      list.textContent = "";
      tokens().forEach(function (token, i) {
        var li = d.createElement("li"), text = d.createElement("span");
        var drop = d.createElement("button");
        text.textContent = said(token).trim();
        drop.type = "submit";
        drop.name = "drop";
        drop.value = String(i);
        drop.className = "btn small drop";
        drop.textContent = list.dataset.remove;
        drop.setAttribute("aria-label", list.dataset.remove + ": " + text.textContent);
        li.appendChild(text);
        li.appendChild(drop);
        list.appendChild(li);
      });
    }
    d.querySelectorAll("button[name=add]").forEach(function (b) {
      b.addEventListener("click", function (e) {
        e.preventDefault();
        var parts = b.value.split(":"), k = d.querySelector("input[name=kind]:checked");
        var kind = k ? k.value : plain;
        var suit = k && any(k.dataset.gives, ["no_suit"]) ? "" : parts[1];  // the form's word
        field.value = tokens().concat([parts[0] + ":" + kind + ":" + suit]).join(" ");
        draw();
        var first = d.querySelector("input[name=kind][value='" + plain + "']");
        if (first) first.checked = true;
      });
    });
    list.addEventListener("click", function (e) {
      var drop = e.target.closest("button[name=drop]");
      if (!drop) return;
      e.preventDefault();
      var left = tokens();
      left.splice(+drop.value, 1);
      field.value = left.join(" ");
      draw();
      var next = list.querySelectorAll("button[name=drop]")[Math.min(+drop.value, left.length - 1)];
      (next || d.querySelector("button[name=add]")).focus();
    });
    field.addEventListener("input", draw);
    draw();
  }

  // For queue.js: the form as first shown (hidden fields and folded parts too), a refusal's
  // reasons beside their fields, what was typed in the form's words.
  function formState() {
    function snapshot(form) {
      var fields = Array.prototype.map.call(form.elements, function (el) {
        return {el: el, value: el.value, checked: el.checked};
      });
      return fields.concat(Array.prototype.map.call(form.querySelectorAll("details"), function (el) {
        return {el: el, open: el.open};
      }));
    }
    function changed(el) {  // the flek's name, the declarations follow
      if (el.hasAttribute("data-step") || el.name === "declarations") {
        el.dispatchEvent(new Event("input"));
      }
    }
    function restore(initial) {
      initial.forEach(function (s) {
        if ("open" in s) { s.el.open = s.open; return; }
        s.el.value = s.value;
        s.el.checked = s.checked;
        changed(s.el);
      });
      if (initial.length) initial[0].el.form.dispatchEvent(new Event("sk-restored"));
    }
    function pristine(initial) {  // nothing typed (key, count, dealer aside)
      return initial.every(function (s) {
        return "open" in s || ["idem", "after", "csrf_token", "dealer"].indexOf(s.el.name) >= 0 ||
          (s.el.value === s.value && s.el.checked === s.checked);
      });
    }
    function fill(form, body) {  // a deal as it was typed (its form data)
      var values = new URLSearchParams(body);
      Array.prototype.forEach.call(form.elements, function (el) {
        if (!el.name || el.name === "csrf_token" || el.tagName === "BUTTON") return;
        var all = values.getAll(el.name);
        if (el.type === "radio" || el.type === "checkbox") {
          el.checked = all.indexOf(el.value) >= 0;
        } else if (all.length) {
          el.value = all[0];
        }
        changed(el);
      });
      form.dispatchEvent(new Event("sk-restored"));  // what the choices show follows
    }
    function clearErrors(form) {
      form.querySelectorAll(".js-error").forEach(function (p) { p.remove(); });
      form.querySelectorAll("[data-js-bad]").forEach(function (el) {
        el.classList.remove("bad");
        el.removeAttribute("data-js-bad");
      });
    }
    function showErrors(form, errors) {  // beside each field; focus on the first
      clearErrors(form);
      var first = null;
      (errors || []).forEach(function (e) {
        var at = e.field && form.querySelector("#f-" + e.field.replace(/[^\w-]/g, ""));
        if (!at) return;
        var p = d.createElement("p");
        p.className = "error js-error";
        p.textContent = e.message;
        if (!at.classList.contains("bad")) at.setAttribute("data-js-bad", "");
        at.classList.add("bad");
        if (at.tagName === "FIELDSET") { at.appendChild(p); } else { at.after(p); }
        var more = at.closest("details");
        if (more) more.open = true;
        first = first || at;
      });
      if (!first) return;
      var input = first.querySelector("input:not([type=hidden])") || first.querySelector("button") ||
        first;
      input.focus({preventScroll: true});
      first.scrollIntoView({block: "center"});
    }
    function summary(form) {  // what was typed (the waiting line)
      var parts = [];
      form.querySelectorAll("input:checked").forEach(function (input) {
        if (input.value === "" || input.type === "hidden") return;
        var label = form.querySelector("label[for='" + input.id + "']");
        if (!label || (!label.getClientRects().length && input.defaultChecked)) return;
        var text = (label.innerText || label.textContent).replace(/\s+/g, " ").trim();
        if (text) parts.push(text);
      });
      form.querySelectorAll("input[type=number]").forEach(function (input) {
        if (input.value === "" || (input.hasAttribute("data-step") && +input.value === 0)) return;
        var label = form.querySelector("label[for='" + input.id + "']") || input.closest("label");
        var span = label && (label.querySelector("span") || label);
        parts.push((span ? span.textContent.trim() + " " : "") + input.value);
      });
      var decl = d.querySelectorAll("#decl-list li > span");
      if (decl.length) {
        parts.push(Array.prototype.map.call(decl, function (s) { return s.textContent; }).join(", "));
      }
      return parts.join(" · ");
    }
    return {snapshot: snapshot, restore: restore, pristine: pristine, fill: fill,
      clearErrors: clearErrors, showErrors: showErrors, summary: summary};
  }

  // Share: copy a link (the clipboard API needs https; execCommand works on the LAN).
  function copyLinks() {
    d.querySelectorAll("[data-copy]").forEach(function (b) {
      b.addEventListener("click", function () {
        var input = d.getElementById(b.dataset.copy), done = function () { b.textContent = "✓"; };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(input.value).then(done);
        } else {
          input.select();
          try { d.execCommand("copy"); done(); } catch (err) { /* the link stays selected */ }
        }
      });
    });
  }
})();
