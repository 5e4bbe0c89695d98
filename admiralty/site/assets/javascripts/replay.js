/* admiralty replay viewer: step through a scenario's recorded sample game turn by turn. Each turn shows its
   events as sentences, the victory points and losses so far, and on a copy of the page's map the fleets as
   numbered tokens (moving from turn to turn), contacts and battles marked, and every place the events name.
   Buttons, a slider, the arrow/Home/End keys and a swipe on the panel all step. Loads nothing. */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var KEYS = ["data-zone", "data-sea", "data-port", "data-unit", "data-battery", "data-fleet"];
  /* Presentation copied onto the map copy: its class changes (so the page's map styles and scripts leave it
     alone), so what the stylesheet gave each element is written on the element itself. */
  var PAINT = ["fill", "stroke", "stroke-width", "stroke-dasharray", "fill-opacity", "stroke-opacity", "opacity",
    "font-size", "font-weight", "font-style", "font-family", "text-anchor", "dominant-baseline", "paint-order",
    "display", "visibility", "letter-spacing", "text-transform"];

  /* The scenario's planned routes and fire plan: the copy shows where the fleets went and what each battery
     fired at in the turn shown instead. The scale bar is drawn for the
     page's view, not the copy's crop, where its caption was cut ("= one grid cell"). */
  var PLANS = ["route", "route-label", "route-turn", "start", "scale-bar", "line-of-fire"];

  function mapCopy(viewer) {
    var original = Array.prototype.filter.call(document.querySelectorAll("svg.admiralty-map"), function (s) {
      return !s.closest(".sheet") && !s.closest(".replay-viewer");
    })[0];
    var holder = viewer.querySelector(".replay-map");
    if (!original || !holder) { if (holder) { holder.hidden = true; } return null; }
    var copy = original.cloneNode(true);
    var from = original.querySelectorAll("*"), to = copy.querySelectorAll("*");
    for (var i = 0; i < from.length && i < to.length; i++) {
      var style = window.getComputedStyle(from[i]), inline = [];
      PAINT.forEach(function (p) { inline.push(p + ":" + style.getPropertyValue(p)); });
      to[i].setAttribute("style", inline.join(";"));
      to[i].removeAttribute("id");
      to[i].removeAttribute("tabindex");
      if (to[i].classList.contains("map-label")) { to[i].classList.replace("map-label", "replay-label"); }
      if (PLANS.some(function (c) { return to[i].classList.contains(c); })) { to[i].style.display = "none"; }
    }
    copy.removeAttribute("id");
    copy.removeAttribute("tabindex");
    copy.removeAttribute("style");
    copy.setAttribute("class", "replay-map-svg");
    copy.setAttribute("aria-label", "The sample game on the map");
    holder.appendChild(copy);
    return copy;
  }

  function place(copy, id) {
    for (var k = 0; k < KEYS.length; k++) {
      var found = copy.querySelector("[" + KEYS[k] + "='" + (window.CSS && CSS.escape ? CSS.escape(id) : id) + "']");
      if (found) { return found; }
    }
    return null;
  }

  function centre(el, layer) {
    var r = el.getBoundingClientRect(), m = layer.getScreenCTM();
    if (!m || !r.width) { return null; }
    var p = layer.ownerSVGElement ? layer.ownerSVGElement.createSVGPoint() : layer.createSVGPoint();
    p.x = r.left + r.width / 2; p.y = r.top + r.height / 2;
    var q = p.matrixTransform(m.inverse());
    return [q.x, q.y, Math.min(r.width, r.height) / (m.a || 1)];
  }

  /* Crop the copy to where the game happens: every place a fleet stands, meets or fights in any turn, with a
     margin, so that the tokens are legible on a phone (the page's own map above still shows it all). */
  function focus(copy, pane, turns) {
    var ids = {}, m = pane.getScreenCTM(), vb = pane.viewBox && pane.viewBox.baseVal;
    if (!m || !vb || !vb.width) { return; }
    turns.forEach(function (t) {
      (t.tokens || []).forEach(function (f) { ids[f.at] = true; });
      (t.contacts || []).concat(t.battles || []).forEach(function (z) { ids[z] = true; });
    });
    var inverse = m.inverse(), box = null, p = (pane.ownerSVGElement || pane).createSVGPoint();
    Object.keys(ids).forEach(function (id) {
      var el = place(copy, id), r = el && el.getBoundingClientRect();
      if (!r || !r.width) { return; }
      [[r.left, r.top], [r.right, r.bottom]].forEach(function (xy) {
        p.x = xy[0]; p.y = xy[1];
        var q = p.matrixTransform(inverse);
        box = box ? [Math.min(box[0], q.x), Math.min(box[1], q.y), Math.max(box[2], q.x), Math.max(box[3], q.y)]
          : [q.x, q.y, q.x, q.y];
      });
    });
    if (!box) { return; }
    var pad = Math.max(box[2] - box[0], box[3] - box[1]) * 0.2 + vb.width * 0.03;
    var w = Math.max(box[2] - box[0] + 2 * pad, vb.width * 0.3), h = Math.max(box[3] - box[1] + 2 * pad, vb.height * 0.3);
    var within = box[0] >= vb.x && box[1] >= vb.y && box[2] <= vb.x + vb.width && box[3] <= vb.y + vb.height;
    /* the game covers the whole view anyway; but a fleet that sails out of the scenario's theatre (Dogger
       Bank's battlecruisers west of it) widens the view instead of leaving its token cut at the edge */
    if (within && w > vb.width * 0.85 && h > vb.height * 0.85) { return; }
    var cx = (box[0] + box[2]) / 2, cy = (box[1] + box[3]) / 2;
    pane.setAttribute("viewBox", [cx - w / 2, cy - h / 2, w, h].map(function (v) { return v.toFixed(1); }).join(" "));
    copy.setAttribute("data-cropped", "true");
  }

  /* Tokens of different places can still meet: a port's stack beside its sea zone's (around Valona), two
     small zones side by side (Novara and Sankt Georg in N11 and N12 at Ancona). Push every overlapping pair
     apart along the line between their centres, half the overlap each, until none overlaps (with room for the
     white rim); a zone's printed code (fixed) pushes its tokens off and never moves; same input, same picture. */
  function separate(placed) {
    for (var pass = 0; pass < 200; pass++) {
      var moved = false;
      for (var i = 0; i < placed.length; i++) {
        for (var j = i + 1; j < placed.length; j++) {
          var a = placed[i], b = placed[j], dx = b.x - a.x, dy = b.y - a.y, d = Math.sqrt(dx * dx + dy * dy);
          var need = (a.r + b.r) * 1.05 + 1.2;
          if (d >= need) { continue; }
          if (d < 1e-6) { dx = Math.cos(j); dy = Math.sin(j); d = 1; } else { dx /= d; dy /= d; }
          if (a.fixed && b.fixed) { continue; }
          var push = (need - d) / (a.fixed || b.fixed ? 1 : 2) + 0.01;
          if (!a.fixed) { a.x -= dx * push; a.y -= dy * push; }
          if (!b.fixed) { b.x += dx * push; b.y += dy * push; }
          moved = true;
        }
      }
      if (!moved) { return; }
    }
  }

  /* One numbering between the map, its key and the replay: a fleet keeps the number the page's route key gives
     it (Otranto's Horthy is 1 on the map and in the replay); a fleet the key does not list (one formed in the
     game) takes the next free number in the order it appears. */
  function fleetNumbers(turns) {
    var number = {}, next = 1;
    Array.prototype.forEach.call(document.querySelectorAll("ol.map-key li[data-fleet]"), function (li) {
      var mark = li.querySelector(".key-number"), n = mark ? parseInt(mark.textContent, 10) : NaN;
      if (!isNaN(n)) { number[li.getAttribute("data-fleet")] = n; next = Math.max(next, n + 1); }
    });
    turns.forEach(function (t) { (t.tokens || []).forEach(function (f) {
      if (!(f.id in number)) { number[f.id] = next++; }
    }); });
    return number;
  }

  function start(viewer) {
    var data;
    try { data = JSON.parse(viewer.querySelector("script.replay-data").textContent); } catch (e) { return; }
    var turns = data.turns || [], sides = data.sides || [], index = 0;
    if (!turns.length) { return; }
    var label = viewer.querySelector(".replay-turn"), list = viewer.querySelector(".replay-events");
    var slider = viewer.querySelector(".replay-slider"), tally = viewer.querySelector(".replay-tally tbody");
    var colour = {}, number = fleetNumbers(turns);
    sides.forEach(function (s) { colour[s.id] = s.colour; });
    var copy = mapCopy(viewer);
    var pane = copy ? (copy.querySelector("svg.map-pane") || copy) : null;
    var layer = null, legend = null;
    if (pane && Object.keys(number).length) {
      layer = document.createElementNS(SVG, "g");
      layer.setAttribute("class", "replay-tokens");
      /* under the map's words: a zone's code and name (white-rimmed) stay readable over a token */
      var words = pane.querySelector("g.labels");
      if (words && words.parentNode === pane) { pane.insertBefore(layer, words); } else { pane.appendChild(layer); }
      legend = document.createElement("ol");
      legend.className = "replay-fleets";
      viewer.querySelector(".replay-state").appendChild(legend);
    }
    if (layer) { focus(copy, pane, turns); }
    slider.max = String(turns.length - 1);
    viewer.querySelector(".replay-tally caption").textContent =
      data.scored ? data.vp_label || "Victory points so far" : (data.loss_label || "Losses") + " so far";

    /* Each battery's fire of the turn shown, battery to target, drawn over the table (the fire plan is the
       first turns' intent; the game's fire changes with targets destroyed and the players' choices). */
    var fireLayer = null;
    function fires(turn) {
      if (!copy || !pane) { return; }
      if (!fireLayer) {
        fireLayer = document.createElementNS(SVG, "g");
        fireLayer.setAttribute("class", "replay-fires");
        pane.appendChild(fireLayer);
      }
      fireLayer.textContent = "";
      (turn.fires || []).forEach(function (pair) {
        var id = window.CSS && CSS.escape ? CSS.escape : function (v) { return v; };
        var from = copy.querySelector("g.battery[data-battery='" + id(pair[0]) + "']");
        var to = copy.querySelector("[data-unit='" + id(pair[1]) + "'], [data-terrain='" + id(pair[1]) + "']");
        var a = from && centre(from, fireLayer), b = to && centre(to, fireLayer);
        if (!a || !b) { return; }
        var line = document.createElementNS(SVG, "line");
        line.setAttribute("class", "replay-fire");
        line.setAttribute("data-battery", pair[0]); line.setAttribute("data-target", pair[1]);
        line.setAttribute("x1", a[0].toFixed(1)); line.setAttribute("y1", a[1].toFixed(1));
        line.setAttribute("x2", b[0].toFixed(1)); line.setAttribute("y2", b[1].toFixed(1));
        line.setAttribute("stroke", "#b71c1c"); line.setAttribute("stroke-width", "2");
        fireLayer.appendChild(line);
      });
    }

    function marks(turn) {
      if (!copy) { return; }
      ["replay-mark", "replay-contact", "replay-battle"].forEach(function (c) {
        Array.prototype.forEach.call(copy.querySelectorAll("." + c), function (el) { el.classList.remove(c); });
      });
      function add(ids, cls) {
        (ids || []).forEach(function (id) { var el = place(copy, id); if (el) { el.classList.add(cls); } });
      }
      add(turn.marks, "replay-mark");
      add(turn.contacts, "replay-contact");
      add(turn.battles, "replay-battle");
    }

    var spots = {}, tokenSizeFound = null;
    /* Where a place's tokens stand ([x, y, size]) and whether it is a port; kept once found: a map not laid
       out yet (hidden, no width) is asked again. */
    function spotOf(at) {
      if (!spots[at]) {
        var el = place(copy, at), c = el && centre(el, layer);
        var code = Array.prototype.filter.call(copy.querySelectorAll(".zone-code"), function (l) {
          return l.textContent === at && getComputedStyle(l).display !== "none"; })[0];
        var words = code && code.getBBox();  /* the zone's code as printed: its tokens stand above it */
        spots[at] = c ? { c: c, port: el.hasAttribute("data-port"), top: words ? words.y : null,
                          code: words ? { x: words.x + words.width / 2, y: words.y + words.height / 2,
                                          r: Math.hypot(words.width, words.height) / 2, fixed: true } : null }
          : null;
      }
      return spots[at];
    }
    /* One token size for the whole game: the median size of the sea zones its fleets stand in (capped), as a
       lone token in a zone always had; a port's dot would otherwise give its fleets tokens too small to read
       or to tell from the dot, and fleets of one side would change size as they sail in and out of port. */
    function tokenSize() {
      if (tokenSizeFound !== null) { return tokenSizeFound; }
      var sizes = [];
      turns.forEach(function (t) { (t.tokens || []).forEach(function (f) {
        var spot = spotOf(f.at);
        if (spot && !spot.port) { sizes.push(Math.min(spot.c[2] || 20, 40)); }
      }); });
      if (!sizes.length) { return 20; }
      sizes.sort(function (a, b) { return a - b; });
      tokenSizeFound = Math.max(6, sizes[Math.floor(sizes.length / 2)]);
      return tokenSizeFound;
    }

    function tokens(turn) {
      if (!layer) { return; }
      var seen = {}, stacks = {};
      (turn.tokens || []).forEach(function (f) { (stacks[f.at] = stacks[f.at] || []).push(f); });
      legend.textContent = "";
      (turn.tokens || []).slice().sort(function (a, b) { return number[a.id] - number[b.id]; }).forEach(function (f) {
        var item = document.createElement("li");
        item.value = number[f.id];
        item.textContent = f.name + " \u2014 " + f.place + (f.hidden ? " (unseen)" : "");
        item.style.borderLeftColor = colour[f.side] || "#555";
        legend.appendChild(item);
      });
      var placed = [];
      var size = tokenSize(), r = size * 0.3;
      Object.keys(stacks).forEach(function (at) {
        var spot = spotOf(at), c = spot && spot.c, n = stacks[at].length;
        if (!c) { return; }
        /* a ring wide enough that neighbours on it never touch (four or more would at a fixed radius) */
        var spread = n > 1 ? Math.max(size * 0.45, (r * 1.1 + 0.6) / Math.sin(Math.PI / n)) : 0;
        /* a zone's code sits at its middle with its name below: the stack stands above them, not on them */
        var lift = spot.port ? 0 : spot.top === null ? spread + r * 1.6 : Math.max(0, c[1] + spread + r * 1.3 - spot.top);
        stacks[at].forEach(function (f, k) {
          var angle = 2 * Math.PI * k / n;
          placed.push({ f: f, x: c[0] + spread * Math.cos(angle), y: c[1] - lift + spread * Math.sin(angle), r: r });
        });
      });
      var fixed = [];
      Object.keys(stacks).forEach(function (at) { var spot = spotOf(at); if (spot && spot.code) { fixed.push(spot.code); } });
      separate(placed.concat(fixed));
      placed.forEach(function (p) {
        var f = p.f, g = layer.querySelector("g[data-token='" + CSS.escape(f.id) + "']");
        if (!g) {
          g = document.createElementNS(SVG, "g");
          g.setAttribute("data-token", f.id);
          g.appendChild(document.createElementNS(SVG, "circle"));
          var t = document.createElementNS(SVG, "text");
          t.textContent = String(number[f.id]);
          g.appendChild(t);
          var title = document.createElementNS(SVG, "title");
          g.appendChild(title);
          layer.appendChild(g);
        }
        var circle = g.querySelector("circle"), text = g.querySelector("text");
        circle.setAttribute("r", p.r.toFixed(2));
        circle.setAttribute("fill", colour[f.side] || "#555");
        text.setAttribute("font-size", (p.r * 1.2).toFixed(2));
        g.querySelector("title").textContent = f.name + ": " + f.place;
        g.setAttribute("class", "replay-token" + (f.hidden ? " hidden-fleet" : ""));
        g.setAttribute("data-at", f.at);
        g.style.transform = "translate(" + p.x.toFixed(2) + "px," + p.y.toFixed(2) + "px)";
        seen[f.id] = true;
      });
      Array.prototype.forEach.call(layer.querySelectorAll("g[data-token]"), function (g) {
        if (!seen[g.getAttribute("data-token")]) { g.parentNode.removeChild(g); }
      });
    }

    function score(turn, before) {
      tally.textContent = "";
      sides.forEach(function (s) {
        var row = document.createElement("tr"), name = document.createElement("th"), value = document.createElement("td");
        name.scope = "row";
        var swatch = document.createElement("span");
        swatch.className = "replay-swatch";
        swatch.style.background = s.colour;
        name.appendChild(swatch);
        name.appendChild(document.createTextNode(s.name));
        var now = data.scored ? (turn.vp || {})[s.id] || 0 : (turn.losses || {})[s.id] || 0;
        var was = before ? (data.scored ? (before.vp || {})[s.id] || 0 : (before.losses || {})[s.id] || 0) : 0;
        value.textContent = String(Math.round(now * 10) / 10) + (now !== was ? " (+" + (Math.round((now - was) * 10) / 10) + ")" : "");
        value.className = now !== was ? "changed" : "";
        value.setAttribute("data-side", s.id);
        row.appendChild(name);
        row.appendChild(value);
        if (data.scored) {  /* one viewpoint a row: the points a side scored beside the enemy losses it caused */
          var lost = document.createElement("td"), enemy = 0;
          sides.forEach(function (o) { if (o.id !== s.id) { enemy += (turn.losses || {})[o.id] || 0; } });
          lost.textContent = "Enemy " + (data.loss_label || "losses").toLowerCase() + ": " + String(enemy);
          lost.setAttribute("data-enemy-losses", String(enemy));
          row.appendChild(lost);
        }
        tally.appendChild(row);
      });
    }

    function show() {
      var turn = turns[index];
      label.textContent = "Turn " + turn.turn + (turn.step ? ", " + turn.step : "") + " (" + (index + 1) + " of " +
        turns.length + ")";
      viewer.setAttribute("data-turn", String(turn.turn));
      slider.value = String(index);
      list.textContent = "";
      turn.events.forEach(function (e) {
        var item = document.createElement("li");
        item.className = "replay-event kind-" + e.kind;
        item.appendChild(document.createTextNode(e.text));
        if (e.rule) {
          var rule = document.createElement("span");
          rule.className = "replay-rule";
          rule.textContent = " " + e.rule;
          item.appendChild(rule);
        }
        list.appendChild(item);
      });
      marks(turn);
      fires(turn);
      tokens(turn);
      score(turn, index ? turns[index - 1] : null);
      viewer.querySelector("[data-step='-1']").disabled = viewer.querySelector("[data-step='first']").disabled = index === 0;
      viewer.querySelector("[data-step='1']").disabled = viewer.querySelector("[data-step='last']").disabled =
        index === turns.length - 1;
    }
    function go(to) { index = Math.max(0, Math.min(turns.length - 1, to)); show(); }
    Array.prototype.forEach.call(viewer.querySelectorAll("button[data-step]"), function (b) {
      b.addEventListener("click", function () {
        var step = b.getAttribute("data-step");
        go(step === "first" ? 0 : step === "last" ? turns.length - 1 : index + (+step));
      });
    });
    slider.addEventListener("input", function () { go(+slider.value); });
    viewer.addEventListener("keydown", function (e) {
      if (e.target === slider) { return; }  /* the slider steps itself with the arrow keys */
      var to = { ArrowRight: index + 1, ArrowLeft: index - 1, PageDown: index + 1, PageUp: index - 1,
        Home: 0, End: turns.length - 1 }[e.key];
      if (to === undefined) { return; }
      e.preventDefault();
      go(to);
    });
    var touch = null;
    viewer.addEventListener("touchstart", function (e) {
      touch = e.touches.length === 1 ? [e.touches[0].clientX, e.touches[0].clientY] : null;
    }, { passive: true });
    viewer.addEventListener("touchend", function (e) {
      if (!touch || !e.changedTouches.length) { return; }
      var dx = e.changedTouches[0].clientX - touch[0], dy = e.changedTouches[0].clientY - touch[1];
      touch = null;
      if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy) && e.target !== slider) { go(index + (dx < 0 ? 1 : -1)); }
    }, { passive: true });
    show();
  }

  function all() { Array.prototype.forEach.call(document.querySelectorAll(".replay-viewer"), start); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", all); } else { all(); }
})();
