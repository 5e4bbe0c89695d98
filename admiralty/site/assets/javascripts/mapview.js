/* admiralty map viewer: pan and zoom every map (mouse wheel and drag, touch pinch and drag, keyboard),
   keep labels at their size in screen pixels, move a label that must show (a fleet's number) to the nearest
   free spot, hide any other label that would overlap another, (for sea labels) sit on land or (zone codes) lie under a route, show one battery's range rings at a time, and offer the full-size SVG, the PDF file the build wrote, and a print of the map alone.
   Vanilla JavaScript, nothing loaded from anywhere. */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";

  function box(el) { var r = el.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; }
  function overlaps(a, b) { return a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b; }

  function onLand(el, b) {
    var points = [[(b.l + b.r) / 2, (b.t + b.b) / 2], [b.l + 1, b.t + 1], [b.r - 1, b.t + 1], [b.l + 1, b.b - 1],
                  [b.r - 1, b.b - 1]];
    for (var i = 0; i < points.length; i++) {
      var stack = document.elementsFromPoint(points[i][0], points[i][1]);
      for (var j = 0; j < stack.length; j++) {
        if (stack[j].classList && stack[j].classList.contains("land")) { return true; }
      }
    }
    return false;
  }

  /* The HTML legend and route key that follow a map (dreadnought) drawn into a downloaded copy, one entry a line
     below the drawing, so that the file stands alone. Words are set as text nodes, never parsed. */
  function appendLegend(copy, wrap) {
    var items = [], el;
    for (el = wrap.nextElementSibling; el && el.matches("ul.map-legend, ol.map-key"); el = el.nextElementSibling) {
      Array.prototype.push.apply(items, el.children);
    }
    if (!items.length) { return; }
    var vb = copy.viewBox.baseVal, row = 20, top = vb.height + 10;
    var legend = document.createElementNS(NS, "g");
    legend.setAttribute("class", "legend");
    items.forEach(function (li, i) {
      var item = document.createElementNS(NS, "g"), words = document.createElementNS(NS, "text");
      var symbol = li.querySelector("svg"), number = li.querySelector(".key-number"), textX = 28;
      item.setAttribute("transform", "translate(10," + (top + row * i + 14) + ")");
      if (symbol) {
        var drawn = symbol.cloneNode(true);
        drawn.setAttribute("x", "0"); drawn.setAttribute("y", "-11");
        item.appendChild(drawn);
        textX = (+symbol.getAttribute("width") || 22) + 6;
      } else if (number) {
        var badge = document.createElementNS(NS, "circle"), digits = document.createElementNS(NS, "text");
        badge.setAttribute("cx", "9"); badge.setAttribute("cy", "-4"); badge.setAttribute("r", "9");
        badge.setAttribute("fill", getComputedStyle(number).backgroundColor);
        digits.setAttribute("x", "9"); digits.setAttribute("text-anchor", "middle"); digits.setAttribute("fill", "#fff");
        digits.setAttribute("font-size", "11"); digits.setAttribute("font-weight", "bold");
        digits.textContent = number.textContent;
        item.appendChild(badge); item.appendChild(digits);
      }
      words.setAttribute("x", String(textX)); words.setAttribute("font-size", "12"); words.setAttribute("fill", "#222");
      var mark = number || symbol;  /* a symbol may hold words of its own (the zone-code sample) */
      words.textContent = (mark ? li.textContent.replace(mark.textContent, "") : li.textContent).trim();
      item.appendChild(words);
      legend.appendChild(item);
    });
    var height = top + row * items.length + 10, paper = document.createElementNS(NS, "rect");
    paper.setAttribute("width", String(vb.width)); paper.setAttribute("height", String(height));
    paper.setAttribute("fill", "#fff");
    copy.insertBefore(paper, copy.firstChild);
    copy.appendChild(legend);
    copy.setAttribute("viewBox", "0 0 " + vb.width + " " + height);
  }

  /* The page's rules for maps, copied into a downloaded drawing: without them a file opened on its own shows
     black zones and filled routes (SVG's default fill). */
  function mapStyle() {
    var rules = [];
    Array.prototype.forEach.call(document.styleSheets, function (sheet) {
      var list;
      try { list = sheet.cssRules; } catch (e) { return; }  /* another origin's sheet cannot be read */
      Array.prototype.forEach.call(list || [], function (rule) {
        if (rule.selectorText && rule.selectorText.indexOf("svg.admiralty-map") !== -1) { rules.push(rule.cssText); }
      });
    });
    var style = document.createElementNS(NS, "style");
    style.textContent = rules.join("\n");
    return style;
  }

  function Viewer(svg) {
    this.svg = svg;
    this.pane = svg.querySelector("svg.map-pane") || svg;  /* the map inside; a legend outside it stays put */
    var vb = this.pane.viewBox.baseVal;
    this.home = [vb.x, vb.y, vb.width, vb.height];
    this.view = this.home.slice();
    this.labels = Array.prototype.slice.call(svg.querySelectorAll(".map-label"));
    this.routes = routeSegments(this.pane);
    this.labels.sort(function (a, b) {
      return (+a.getAttribute("data-priority") || 9) - (+b.getAttribute("data-priority") || 9);
    });
    this.build();
    this.apply();
  }

  /* A drawing that carries its legend inside the SVG (the renaissance seas, the napoleonic tables) shrinks it with
     the drawing, to about 5 px on a phone. On screen the legend becomes an HTML list under the map at the page's
     type size, as the dreadnought maps have it, and the drawing closes up (the range sticks move up with it).
     Print of the drawing alone and the downloaded files keep the legend drawn in the SVG. */
  function legendToHtml(svg, wrap) {
    var items = Array.prototype.slice.call(svg.querySelectorAll("g.legend > g.legend-item"));
    var next = wrap.nextElementSibling;
    if (!items.length || (next && next.matches("ul.map-legend"))) { return; }
    var r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
    if (!r.height || !vb.height) { return; }
    var k = vb.height / r.height;
    function span(list) {  /* top and bottom of elements, in the drawing's units */
      var top = Infinity, bottom = -Infinity;
      list.forEach(function (el) {
        var b = el.getBoundingClientRect();
        top = Math.min(top, vb.y + (b.top - r.top) * k); bottom = Math.max(bottom, vb.y + (b.bottom - r.top) * k);
      });
      return [top, bottom];
    }
    var sticks = Array.prototype.slice.call(svg.querySelectorAll("g.legend > g.range-stick"));
    var itemsAt = span(items), sticksAt = sticks.length ? span(sticks) : null;
    var list = document.createElement("ul");
    list.className = "map-legend from-drawing";
    items.forEach(function (item) {
      var texts = item.querySelectorAll("text"), label = texts[texts.length - 1];
      var li = document.createElement("li"), words = document.createElement("span");
      li.className = "legend-item";
      var marks = Array.prototype.filter.call(item.childNodes, function (n) { return n !== label; });
      if (marks.length) {
        var width = Math.max(16, (+label.getAttribute("x") || 22) - 4);
        var symbol = document.createElementNS(NS, "svg");
        symbol.setAttribute("class", "legend-symbol"); symbol.setAttribute("aria-hidden", "true");
        symbol.setAttribute("width", String(width)); symbol.setAttribute("height", "14");
        symbol.setAttribute("viewBox", "0 -11 " + width + " 14");
        marks.forEach(function (n) { symbol.appendChild(n.cloneNode(true)); });
        li.appendChild(symbol);
      }
      words.textContent = label.textContent;
      li.appendChild(words);
      list.appendChild(li);
      item.style.display = "none";
    });
    var bottom = itemsAt[0] - 4;
    if (sticksAt) {
      var up = sticksAt[0] - itemsAt[0];
      sticks.forEach(function (stick) { stick.setAttribute("transform", "translate(0," + (-up).toFixed(2) + ")"); });
      bottom = sticksAt[1] - up + 6;
    }
    svg.setAttribute("viewBox", [vb.x, vb.y, vb.width, Math.max(1, bottom - vb.y)].map(function (n) {
      return n.toFixed(2); }).join(" "));
    wrap.parentNode.insertBefore(list, wrap.nextSibling);
  }

  /* The PDF file the site build wrote for this map: linked in the "Download this map" line under its figure. */
  function builtPdf(svg) {
    for (var el = svg; el && el !== document.body; el = el.parentElement) {
      var next = el.nextElementSibling;
      if (next && next.classList.contains("map-downloads")) {
        return next.querySelector('a.map-file[href$=".pdf"]');
      }
    }
    return null;
  }

  Viewer.prototype.build = function () {
    var svg = this.svg, self = this;
    var wrap = document.createElement("div");
    wrap.className = "map-viewer";
    svg.parentNode.insertBefore(wrap, svg);
    var bar = document.createElement("div");
    bar.className = "map-toolbar";
    function button(text, title, act) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = text; b.title = title; b.setAttribute("aria-label", title);
      b.addEventListener("click", act);
      bar.appendChild(b);
      return b;
    }
    button("+", "Zoom in", function () { self.zoom(0.67); });
    button("\u2212", "Zoom out", function () { self.zoom(1.5); });
    button("\u21ba", "Start view", function () { self.view = self.home.slice(); self.apply(); });
    if (this.pane.getAttribute("data-whole")) {  /* a scenario's map opens on its theatre: one button shows all */
      button("\u2922", "Whole map", function () { self.view = self.whole(); self.apply(); });
    }
    var svgLink = document.createElement("a");
    svgLink.className = "map-download"; svgLink.textContent = "Full-size SVG";
    svgLink.download = (svg.id || "map") + ".svg";
    svgLink.href = "#";
    svgLink.addEventListener("click", function () {
      var copy = svg.cloneNode(true);
      var pane = copy.querySelector("svg.map-pane") || copy;
      pane.setAttribute("viewBox", self.home.join(" "));
      appendLegend(copy, wrap);
      copy.insertBefore(mapStyle(), copy.firstChild);
      copy.setAttribute("width", String(copy.viewBox.baseVal.width * 2));
      copy.setAttribute("height", String(copy.viewBox.baseVal.height * 2));
      var text = new XMLSerializer().serializeToString(copy);
      svgLink.href = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    });
    bar.appendChild(svgLink);
    var file = builtPdf(svg);
    if (file) {  /* the site build wrote this map as a PDF file: the button downloads it */
      var pdfLink = document.createElement("a");
      pdfLink.className = "map-download"; pdfLink.textContent = "PDF";
      pdfLink.href = file.getAttribute("href"); pdfLink.setAttribute("download", "");
      pdfLink.type = "application/pdf"; pdfLink.title = "Download the map as a PDF file";
      bar.appendChild(pdfLink);
    }
    button("Print", "Print the map alone (or choose Save as PDF in the print dialog)", function () {
      document.body.classList.add("print-one-map");
      wrap.classList.add("printing");
      window.print();
      document.body.classList.remove("print-one-map");
      wrap.classList.remove("printing");
    });
    var hint = document.createElement("span");
    hint.className = "map-hint";
    hint.textContent = "drag to pan, wheel or pinch to zoom, keys + \u2212 0 and arrows";
    bar.appendChild(hint);
    wrap.appendChild(bar);
    wrap.appendChild(svg);
    svg.setAttribute("tabindex", "0");
    svg.removeAttribute("height");
    svg.classList.add("zoomable");
    legendToHtml(svg, wrap);

    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      self.zoom(e.deltaY > 0 ? 1.2 : 0.83, e.clientX, e.clientY);
    }, { passive: false });
    var pointers = {}, last = null, spread = null;
    svg.addEventListener("pointerdown", function (e) {
      pointers[e.pointerId] = [e.clientX, e.clientY];
      if (svg.setPointerCapture) { svg.setPointerCapture(e.pointerId); }
      last = [e.clientX, e.clientY];
    });
    svg.addEventListener("pointermove", function (e) {
      if (!(e.pointerId in pointers)) { return; }
      pointers[e.pointerId] = [e.clientX, e.clientY];
      var ids = Object.keys(pointers);
      if (ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        var d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (spread) { self.zoom(spread / d, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2); }
        spread = d;
      } else if (last) {
        self.pan(e.clientX - last[0], e.clientY - last[1]);
        last = [e.clientX, e.clientY];
      }
    });
    function up(e) { delete pointers[e.pointerId]; spread = null; last = null; }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("keydown", function (e) {
      var step = 40, handled = true;
      if (e.key === "+" || e.key === "=") { self.zoom(0.67); }
      else if (e.key === "-" || e.key === "_") { self.zoom(1.5); }
      else if (e.key === "0") { self.view = self.home.slice(); self.apply(); }
      else if (e.key === "ArrowLeft") { self.pan(step, 0); }
      else if (e.key === "ArrowRight") { self.pan(-step, 0); }
      else if (e.key === "ArrowUp") { self.pan(0, step); }
      else if (e.key === "ArrowDown") { self.pan(0, -step); }
      else { handled = false; }
      if (handled) { e.preventDefault(); }
    });
    window.addEventListener("resize", function () { self.apply(); });
    window.addEventListener("beforeprint", function () { self.apply(); });
  };

  /* The pane's rectangle on screen: from the outer drawing's (an inner svg's own box is its content's). */
  Viewer.prototype.paneRect = function () {
    var r = this.svg.getBoundingClientRect();
    if (this.pane === this.svg) { return { left: r.left, top: r.top, width: r.width, height: r.height }; }
    var k = r.width / this.svg.viewBox.baseVal.width;
    return { left: r.left + this.pane.x.baseVal.value * k, top: r.top + this.pane.y.baseVal.value * k,
             width: this.pane.width.baseVal.value * k, height: this.pane.height.baseVal.value * k };
  };

  Viewer.prototype.scale = function () {
    var w = this.paneRect().width;
    return w > 0 ? w / this.view[2] : 1;
  };

  Viewer.prototype.zoom = function (factor, cx, cy) {
    var r = this.paneRect(), v = this.view;
    var fx = cx === undefined ? 0.5 : (cx - r.left) / r.width, fy = cy === undefined ? 0.5 : (cy - r.top) / r.height;
    /* out as far as the whole map (a scenario's pane starts on its theatre, data-whole), in to a fortieth */
    var whole = (this.pane.getAttribute("data-whole") || "").split(" ").map(Number);
    var widest = Math.max(this.home[2] * 1.2, whole.length === 4 && whole[2] > 0 ? this.whole()[2] * 1.1 : 0);
    var w = Math.min(widest, Math.max(this.home[2] / 40, v[2] * factor));
    var h = w * v[3] / v[2];
    this.view = [v[0] + (v[2] - w) * fx, v[1] + (v[3] - h) * fy, w, h];
    this.apply();
  };

  /* The whole map (data-whole) in the pane's proportions, centred: a viewBox of another shape would be
     letterboxed and the label sizes computed from its width would be wrong. */
  Viewer.prototype.whole = function () {
    var all = this.pane.getAttribute("data-whole").split(" ").map(Number), ratio = this.home[3] / this.home[2];
    var w = Math.max(all[2], all[3] / ratio), h = w * ratio;
    return [all[0] + (all[2] - w) / 2, all[1] + (all[3] - h) / 2, w, h];
  };

  Viewer.prototype.pan = function (dx, dy) {
    var s = this.scale();
    this.view[0] -= dx / s; this.view[1] -= dy / s;
    this.apply();
  };

  /* Where a label that must show (data-must: a fleet's number from the route key, a home port's name, a
     renaissance force) goes when its own place is taken or off the pane: the nearest free spot on rings round
     it, 0.6 of a label's height apart, so that everything in the key is on the map (placed, never culled). A
     label moves by its transform, in the pane's units. */
  var RINGS = 16, ANGLES = 16;
  function place(label, b, shown, frame, s) {
    var h = (b.b - b.t) * 0.6, best = null;
    for (var ring = 0; ring <= RINGS && !best; ring++) {
      for (var i = 0; i < (ring ? ANGLES : 1); i++) {
        var a = 2 * Math.PI * i / ANGLES, dx = ring * h * Math.cos(a), dy = ring * h * Math.sin(a);
        var c = { l: b.l + dx, r: b.r + dx, t: b.t + dy, b: b.b + dy };
        var inside = c.l >= frame.l && c.r <= frame.r && c.t >= frame.t && c.b <= frame.b;
        if (inside && !shown.some(function (o) { return overlaps(o, c); })) { best = [dx, dy, c]; break; }
      }
    }
    if (!best) { return b; }
    if (best[0] || best[1]) {
      label.setAttribute("transform", "translate(" + (best[0] / s).toFixed(3) + "," + (best[1] / s).toFixed(3) + ")");
    }
    return best[2];
  }

  /* Every leg of every route (dreadnought), in the pane's units: a zone code a route crosses is hidden, so that
     the codes that show are readable (the build moves each code off the routes where its zone has room). */
  function routeSegments(pane) {
    var out = [];
    Array.prototype.forEach.call(pane.querySelectorAll("polyline.route"), function (line) {
      var p = line.points;
      for (var i = 1; i < p.numberOfItems; i++) {
        var a = p.getItem(i - 1), b = p.getItem(i);
        out.push([a.x, a.y, b.x, b.y]);
      }
    });
    return out;
  }
  function crosses(seg, r) {  /* a segment meets a rectangle {l, t, r, b} (Liang-Barsky clipping) */
    var x = seg[0], y = seg[1], dx = seg[2] - x, dy = seg[3] - y, t0 = 0, t1 = 1;
    var edges = [[-dx, x - r.l], [dx, r.r - x], [-dy, y - r.t], [dy, r.b - y]];
    for (var i = 0; i < 4; i++) {
      var p = edges[i][0], q = edges[i][1];
      if (p === 0) { if (q < 0) { return false; } continue; }
      var t = q / p;
      if (p < 0) { if (t > t1) { return false; } if (t > t0) { t0 = t; } } else {
        if (t < t0) { return false; } if (t < t1) { t1 = t; } }
    }
    return true;
  }
  function underRoute(label, routes, s) {
    if (!routes.length || !label.classList.contains("zone-code")) { return false; }
    var b = label.getBBox(), m = 1.3 / s;  /* half a route's 2.6 px stroke */
    var r = { l: b.x - m, t: b.y - m, r: b.x + b.width + m, b: b.y + b.height + m };
    return routes.some(function (seg) { return crosses(seg, r); });
  }

  Viewer.prototype.apply = function () {
    this.pane.setAttribute("viewBox", this.view.map(function (n) { return n.toFixed(2); }).join(" "));
    this.svg.setAttribute("data-zoom", (this.home[2] / this.view[2]).toFixed(3));
    /* A drawing laid out at a nominal width (data-nominal-px: the napoleonic table) has its words placed clear of each other and of the units at that width: shown narrower (a phone), its words
       shrink with it, so that they keep their places instead of covering the units; wider or zoomed in, they
       keep their size on screen. Other maps keep every word at its screen size. */
    var s = this.scale(), shown = [], routes = this.routes, nominal = +this.svg.getAttribute("data-nominal-px") || 0;
    var cap = nominal ? this.home[2] / nominal : Infinity;
    this.labels.forEach(function (label) {
      var px = +label.getAttribute("data-px") || 12;
      label.setAttribute("font-size", Math.min(px / s, px * cap).toFixed(3));
      label.removeAttribute("transform");
      label.removeAttribute("display");  /* the static drawing's choice, for a page without scripts */
      label.style.display = "";
    });
    var p = this.paneRect(), frame = { l: p.left, t: p.top, r: p.left + p.width, b: p.top + p.height };
    this.labels.forEach(function (label) {
      var b = box(label);
      if (b.r <= b.l) { return; }
      if (label.getAttribute("data-must") === "1") { shown.push(place(label, b, shown, frame, s)); return; }
      var visible = b.l >= frame.l - 0.5 && b.r <= frame.r + 0.5 && b.t >= frame.t - 0.5 && b.b <= frame.b + 0.5;
      var clash = shown.some(function (o) { return overlaps(o, b); });
      if (!clash && visible && label.getAttribute("data-sea") === "1" && onLand(label, b)) { clash = true; }
      if (!clash && visible && underRoute(label, routes, s)) { clash = true; }
      if (clash || !visible) { label.style.display = "none"; } else { shown.push(b); }
    });
  };

  function batteries(svg) {
    var rings = svg.querySelectorAll(".range-ring[data-battery]");
    if (!rings.length) { return; }
    svg.classList.add("rings-interactive");
    function select(id) {
      Array.prototype.forEach.call(svg.querySelectorAll("[data-battery]"), function (el) {
        el.classList.toggle("selected", el.getAttribute("data-battery") === id);
      });
    }
    Array.prototype.forEach.call(svg.querySelectorAll(".battery[data-battery]"), function (b) {
      b.setAttribute("tabindex", "0");
      b.addEventListener("click", function (e) { e.stopPropagation(); select(b.getAttribute("data-battery")); });
      b.addEventListener("keydown", function (e) { if (e.key === "Enter") { select(b.getAttribute("data-battery")); } });
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("svg.admiralty-map:not(.zoomable)"), function (svg) {
      if (svg.closest(".map-viewer") || svg.classList.contains("admiralty-map-diff")) { return; }
      batteries(svg);
      svg.__viewer = new Viewer(svg);
    });
  }
  window.admiraltyMaps = { start: start, NS: NS };
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
