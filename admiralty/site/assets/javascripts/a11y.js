/* admiralty: keyboard access to scroll panes (issue 38, item 9). A pane that scrolls (a wide table or code block
   on a phone, the sample game's event list) must take the keyboard's focus when nothing inside it can, or a
   keyboard user cannot scroll it (WCAG 2.1.1; axe-core's scrollable-region-focusable). Which panes scroll
   depends on the screen's width, so the check runs again when the window is resized. Loads nothing. */
(function () {
  "use strict";
  var FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";
  var ALWAYS = "ol.replay-events";  // filled and scrolled as the game steps on: focusable whether it scrolls yet or not
  var NAMES = { TABLE: "table", PRE: "code", CODE: "code", OL: "list", UL: "list" };

  function scrolls(el) {
    if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) return false;
    var style = getComputedStyle(el);
    return /(auto|scroll)/.test(style.overflowX + " " + style.overflowY);
  }

  var used = {};
  // "Scrollable table: Orders of battle" after the section's heading; a number when two would read alike.
  function describe(el) {
    var inner = el.querySelector("table, pre, code, ol, ul");
    var name = "Scrollable " + (NAMES[el.tagName] || (inner && NAMES[inner.tagName]) || "content");
    var heading = null, node = el;
    while (node && !heading) {
      var before = node.previousElementSibling;
      while (before && !/^H[1-6]$/.test(before.tagName)) before = before.previousElementSibling;
      heading = before;
      node = node.parentElement;
    }
    if (heading) name += ": " + heading.textContent.replace(/\u00b6/g, "").trim();
    used[name] = (used[name] || 0) + 1;
    return used[name] > 1 ? name + " (" + used[name] + ")" : name;
  }

  // A name where ARIA allows one: a plain box becomes a named region; a list or a table keeps its own role and
  // takes the name; a code block (Material's scroll pane) only takes the focus, as Material itself does.
  function mark(el) {
    if (el.hasAttribute("data-a11y-scroll") || el.querySelector(FOCUSABLE)) return;
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
    var named = el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby");
    if (/^(DIV|SECTION|FIGURE)$/.test(el.tagName) && !el.hasAttribute("role")) el.setAttribute("role", "region");
    if (!named && /^(DIV|SECTION|FIGURE|OL|UL|TABLE)$/.test(el.tagName)) el.setAttribute("aria-label", describe(el));
    el.setAttribute("data-a11y-scroll", "");
  }

  function scan() {
    var root = document.querySelector(".md-content") || document.body;
    Array.prototype.forEach.call(root.querySelectorAll(ALWAYS), mark);
    // Everything in the content but SVG drawings' parts (a map holds thousands; the drawing itself is checked).
    var all = root.querySelectorAll("*:not(svg *)");
    for (var i = 0; i < all.length; i++) {
      if (all[i].clientHeight && scrolls(all[i])) mark(all[i]);
    }
  }

  var pending = null;
  function later() {
    if (pending) clearTimeout(pending);
    pending = setTimeout(scan, 150);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
  window.addEventListener("load", scan);
  window.addEventListener("resize", later);
})();
