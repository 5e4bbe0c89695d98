"""The generated pages of the site, as Markdown sources keyed by their path in the docs tree.

A scenario page is a generic part (title, date, briefing, sources, balance) around a part that its ruleset's
renderer writes, chosen by ``scenario.ruleset`` from the installed rule systems (``renderers()``); a ruleset
without a renderer still gets the generic part. ``generate_pages`` is the one entry point: the MkDocs hook
turns its result into files.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from admiralty.contract import ScenarioModel, Sourced, load_object, rulesets
from admiralty.site import coverage, downloads, replayview
from admiralty.site.charts import balance_html, percent, vp_svg
from admiralty.site.colours import side_colour
from admiralty.site.contest import (
    CONTEST_WORDS,
    contest,
    favoured_text,
    favourite,
)
from admiralty.site.context import Renderer, SiteContext, code_src, map_src, md_path, scenario_src, sheet_src
from admiralty.site.glance import glance_box
from admiralty.site.replaynames import scenario_names
from admiralty.site.richtext import render_inline, render_markdown
from admiralty.site.scenarioindex import home_cards, index_page, work_of
from admiralty.site.smoke import SmokeStats, read_smoke
from admiralty.site.status import load_clause_summaries, load_status, scenario_status, status_section
from admiralty.site.text import attr, esc, heading, html_block, inline_code, md_literal, slug
from admiralty.site.words import clause_index
from admiralty.validator.diagnostics import Code


def renderers() -> dict[str, Renderer[ScenarioModel]]:
    """Each installed rule system's site part, by rule system name (from the ``admiralty.rulesets`` registry). Each
    is a ``Renderer`` of its own scenario model; the pages hand it only scenarios whose ``ruleset`` names it."""
    return {name: load_object(ruleset.renderer) for name, ruleset in rulesets().items() if ruleset.renderer}


GUIDE_FILE = "guide.md"  # a rule system's authoring guide, beside its rules page
@dataclass
class GeneratedSite:
    """Generated page sources (path -> Markdown) and notes for the build log."""

    pages: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    home: str = ""  # the scenario cards a hand-written page shows where it writes scenarioindex.HOME_MARKER


def _sides(scenario: ScenarioModel) -> list[tuple[str, str]]:
    """(id, display name) of each side, in the author's order."""
    return scenario.side_names()


def side_colours(scenario: ScenarioModel) -> dict[str, str]:
    """Each side's colour, as its map, chart and tables all draw it: the renderer's choice, else the palette
    in the author's order."""
    renderer = renderers().get(scenario.ruleset)
    if renderer and renderer.side_colours:
        return renderer.side_colours(scenario)
    return {side: side_colour(index) for index, (side, _) in enumerate(_sides(scenario))}


def balance_section(scenario: ScenarioModel, stats: SmokeStats | None, ctx: SiteContext) -> str:
    if stats is None:
        return "## Balance\n\nNo smoke-game statistics were available when this site was built.\n"
    names = dict(_sides(scenario))
    order = [s for s, _ in _sides(scenario)]
    colours = side_colours(scenario)
    balance = stats.balance()
    rating = contest(balance)
    lead = favoured_text(balance, names)
    verdict = ""
    if balance.expected is not None and balance.first is not None:
        where = {True: "inside", False: "outside", None: "compared with"}[balance.in_band]
        verdict = (f" {names.get(balance.first.side, balance.first.side)}'s rate is {where} the author's expected "
                   f"band of {percent(balance.expected[0])}–{percent(balance.expected[1])}.")
    top = favourite(balance)
    rate = top.rate if top else 0.0  # the favourite's rate, the index's figure
    out = ["## Balance\n",
           html_block(f'<p class="balance-verdict" data-rate="{rate:.4f}" data-side="{attr(top.side if top else "")}" '
                      f'data-contest="{attr(rating or "")}">'
                      f"<strong>{esc(lead[0].upper() + lead[1:])}</strong>"
                      + (f"; contest <strong>{esc(rating)}</strong> ({esc(CONTEST_WORDS[rating])})" if rating else "")
                      + f". Counted over the {esc(balance.who())}.{esc(verdict)}</p>", "verdict"),
           html_block(balance_html(balance, names, colours, order), "balance-chart")]
    vp = vp_svg(stats, names, colours, order)
    if vp:
        kinds = ", ".join(stats.players)
        out.append(f"Victory points at the end of all {stats.games} smoke games"
                   + (f" ({md_literal(kinds)})" if kinds else "") + ":\n")
        out.append(ctx.figure(f"balance-{slug(str(scenario.id))}", vp, "balance-vp"))
    if stats.failures:
        out.append("Failures: " + md_literal(", ".join(f"{k} {n}" for k, n in stats.failures)) + ".\n")
    return "\n".join(out)


JUMPS: tuple[tuple[str, str], ...] = (("Victory", "victory-conditions"), ("Set-up", "set-up"), ("Map", "map"),
                                       ("Table", "table"), ("Forces", "orders-of-battle"), ("Units", "units"),
                                       ("Rules", "special-rules"), ("Game", "a-sample-game"), ("Balance", "balance"))


def jump_bar(body: str) -> str:
    """The phone's "jump to" bar: a link to each main section the page has (the table of contents' column is
    hidden on a narrow screen; the CSS shows this bar only there)."""
    links = "".join(f'<a href="#{anchor}">{esc(label)}</a>' for label, anchor in JUMPS
                    if re.search(rf"^## {re.escape(_title_of(anchor))}\s*$", body, re.M))
    return html_block(f'<nav class="jump-bar" aria-label="Jump to">{links}</nav>', "jump-to") if links else ""


def _title_of(anchor: str) -> str:
    return {"a-sample-game": "A sample game", "set-up": "Set-up"}.get(anchor, anchor.replace("-", " ").capitalize())


def briefing_html(briefing: str, sources: Sequence[str] = ()) -> str:
    """The briefing's first paragraph, the rest and the sources behind disclosures (the page leads to the victory
    conditions and set-up, not through a screen of history)."""
    first, _, rest = briefing.strip().partition("\n\n")
    out = render_markdown(first) if first else ""
    if rest.strip():
        out += f'<details class="briefing-more"><summary>The whole briefing</summary>{render_markdown(rest)}</details>'
    if sources:
        out += (f'<details class="sources"><summary>Sources ({len(sources)})</summary><ul>'
                + "".join(f"<li>{render_inline(s)}</li>" for s in sources) + "</ul></details>")
    return html_block(out, "author-text briefing")


def scenario_page(scenario: ScenarioModel, ctx: SiteContext) -> str:
    """The whole page of one scenario: the generic head (facts, at a glance, the briefing's opening), the
    ruleset's part (victory conditions and set-up first), the rules status, a sample game, balance, sources."""
    src = scenario_src(scenario.id)
    ruleset = scenario.ruleset
    renderer = renderers().get(ruleset)
    out = [f"# {heading(scenario.title or scenario.id)}\n"]
    facts = [f"Ruleset **{md_literal(ruleset)}**"]
    if scenario.date:
        facts.append(f"date **{md_literal(scenario.date)}**")
    if _sides(scenario):
        facts.append("sides " + " v ".join(f"**{md_literal(name)}**" for _, name in _sides(scenario)))
    sheets = (f" [Printable sheets]({md_path(src, sheet_src(scenario.id))}) to play from paper (Letter or A4)."
              if renderer and renderer.sheets else "")
    out.append(", ".join(facts) + "." + sheets + "\n")
    stats = read_smoke(ctx.smoke_dir, scenario.id)
    sample = replayview.read_sample(ctx.smoke_dir, scenario.id)
    size, work = work_of(scenario, ctx)
    out.append(glance_box(size, scenario.turns, stats, _sides(scenario), scenario.outcome, work,
                          getattr(scenario, "alliances", ())))
    if scenario.briefing or scenario.sources:
        out.append("## Briefing\n")
        out.append(briefing_html(scenario.briefing or "", scenario.sources))
    body = []
    if renderer:
        body.append(renderer.scenario_body(scenario, src, ctx))
    else:
        body.append(f'!!! note "Details not published yet"\n    The site has no page renderer for the '
                    f"{md_literal(ruleset)} ruleset yet: only the summary is shown.\n")
    body.append(scenario_status(ruleset, src, ctx))
    body.append("## A sample game\n")
    body.append("One smoke game, turn by turn: events, moves, battles, losses and victory points.\n")
    body.append(replayview.viewer(scenario.id, sample,
                                  scenario_names(scenario), side_colours(scenario),
                                  renderer.replay if renderer and renderer.replay else replayview.NO_WORDS))
    body.append(balance_section(scenario, stats, ctx))
    text = "\n".join(body)
    out.insert(2, jump_bar(text))
    return "\n".join(out) + "\n" + text + "\n"


# --- diagnostic codes ------------------------------------------------------------------------------


def rules_pages(ctx: SiteContext | None = None) -> dict[str, str]:
    """``rules/index.md`` listing the installed rule systems, and each one's rules reference page closed by its
    clause index (the anchors clause links point at; each row's summary from the rule system's ``clauses.yaml``,
    else from the rules index when it is at hand)."""
    items, pages = [], {}
    index = ctx.rules_index if ctx else None
    text = index.read_text(encoding="utf-8") if index and index.is_file() else ""
    summaries = {c.id: c.summary for c in coverage.parse_rules_index(text)} if text else {}
    for name, ruleset in sorted(rulesets().items()):
        if ruleset.rules_page is None or not ruleset.rules_page.is_file():
            items.append(f"- **{md_literal(name)}**: {ruleset.title} (no rules page)")
            continue
        page = ruleset.rules_page.read_text(encoding="utf-8")
        listed = load_status(ruleset.rules_page)
        own = {**summaries, **load_clause_summaries(ruleset.rules_page)}
        pages[f"rules/{slug(name)}.md"] = (page + status_section(listed)
                                           + clause_index(name, page, own, skip={e.id for e in listed}))
        items.append(f"- [{md_literal(name)}]({slug(name)}.md): {ruleset.title}")
    pages["rules/index.md"] = "# Rule systems\n\n" + "\n".join(items) + "\n"
    for name, guide in guides().items():
        pages[f"authoring-{slug(name)}.md"] = guide.read_text(encoding="utf-8")
    return pages


def guides() -> dict[str, Path]:
    """Each installed rule system's authoring guide (``guide.md`` beside its rules page), by rule system; the
    site publishes it as ``authoring-<name>.md`` under *Authors*."""
    found = {name: r.rules_page.with_name(GUIDE_FILE) for name, r in sorted(rulesets().items())
             if r.rules_page is not None}
    return {name: path for name, path in found.items() if path.is_file()}


def guides_nav() -> list[dict[str, str]]:
    """One navigation entry per installed rule system with an authoring guide."""
    return [{f"Writing a {name} scenario": f"authoring-{slug(name)}.md"} for name in guides()]


def ruleset_stylesheets() -> dict[str, Path]:
    """``stylesheets/<rule system>.css`` -> the file, for each installed rule system whose renderer has one."""
    return {f"stylesheets/{slug(name)}.css": renderer.stylesheet for name, renderer in sorted(renderers().items())
            if renderer.stylesheet is not None}


def rules_nav() -> list[dict[str, str]]:
    """One navigation entry per installed rule system with a rules page."""
    return [{name: f"rules/{slug(name)}.md"} for name, r in sorted(rulesets().items())
            if r.rules_page is not None and r.rules_page.is_file()]


def load_all_codes() -> Mapping[str, Code]:
    """Every diagnostic code: the core stages' and those each installed rule system lists (``Ruleset.codes``),
    read from those lists without importing any builder or check."""
    from admiralty.validator.diagnostics import CODES

    return CODES


def code_page(entry: Code) -> str:
    src = code_src(entry.code)
    out = [f"# {md_literal(entry.code)}: {heading(entry.title)}\n",
           f"Severity: **{md_literal(entry.severity.value)}**.\n",
           html_block(render_markdown(entry.explanation), "code-explanation")]
    for title, text in (("Wrong", entry.wrong), ("Right", entry.right)):
        if text:
            out.append(f"## {title}\n")
            block = f'<pre><code class="language-yaml">{esc(text)}</code></pre>'
            out.append(html_block(block, f"example {title.lower()}"))
    out.append(f"[All diagnostic codes]({md_path(src, 'codes/index.md')})\n")
    return "\n".join(out)


STAGES: tuple[tuple[str, str], ...] = (("YML", "Loading YAML"), ("IO", "Files"), ("SCH", "Schema"),
                                       ("REF", "References"), ("GRA", "Graph"), ("GEO", "Geometry"),
                                       ("TXT", "Text a reviewer can trust"))


def codes_index(codes: Mapping[str, Code], ctx: SiteContext) -> str:
    src = "codes/index.md"
    out = ["# Diagnostic codes\n",
           "Every finding of `admiralty validate` carries one of these stable codes; each has a page saying what it "
           "means, with a wrong and a right example.\n"]
    groups: dict[str, list[Code]] = {}
    for entry in sorted(codes.values(), key=lambda e: e.code):
        stage = next((title for prefix, title in STAGES if entry.code.startswith(prefix)), None)
        groups.setdefault(stage or ("Rule clauses" if "-" in entry.code else "Other"), []).append(entry)
    for title, entries in groups.items():
        out.append(f"## {title}\n")
        rows = "".join(f'<tr><td><a href="{attr(ctx.href(src, code_src(e.code)))}"><code>{esc(e.code)}</code></a></td>'
                       f"<td>{inline_code(e.title)}</td><td>{esc(e.severity.value)}</td></tr>"
                       for e in entries)
        out.append(html_block("<table><thead><tr><th>Code</th><th>Title</th><th>Severity</th></tr></thead><tbody>"
                              + rows + "</tbody></table>", "codes"))
    return "\n".join(out)


# --- the whole set ---------------------------------------------------------------------------------


def _maps_index(rows: Sequence[tuple[str, str, int]], ctx: SiteContext) -> str:
    src = "maps/index.md"
    body = "".join(f'<tr><td><a href="{attr(ctx.href(src, map_src(i)))}">{esc(t)}</a></td><td><code>{esc(i)}</code>'
                   f"</td><td>{n}</td></tr>" for i, t, n in rows)
    return ("# Maps\n\nEvery map and table: the sea maps with their zones, ports and land, and the tabletop battle "
            "tables with their terrain. *Areas* counts a map's sea zones or a table's terrain pieces.\n"
            + html_block("<table><thead><tr><th>Map</th><th>Id</th><th>Areas</th></tr></thead><tbody>" + body
                         + "</tbody></table>", "maps"))


def _sheets_index(scenarios: Sequence[ScenarioModel], ctx: SiteContext) -> str:
    src = "sheets/index.md"
    items = [f'<li><a href="{attr(ctx.href(src, sheet_src(s.id)))}">{esc(s.title)}</a></li>' for s in scenarios
             if (r := renderers().get(s.ruleset)) and r.sheets]
    return ("# Printable sheets\n\nOrders of battle and ship record sheets, one printed page each: print the page "
            "from the browser.\n" + html_block("<ul>" + "".join(items) + "</ul>", "sheet-list"))


def generate_pages(scenarios: Sequence[ScenarioModel], models: Mapping[str, Sequence[Sourced]],
                   ctx: SiteContext) -> GeneratedSite:
    """Every generated page for the built scenarios and models (maps, catalogs; by rule system)."""
    site = GeneratedSite()
    by_ruleset = renderers()
    seen: set[str] = set()
    unique = []
    for s in sorted(scenarios, key=lambda s: (s.date, s.id)):
        if s.id in seen:
            site.notes.append(f"scenario id '{s.id}' appears twice; the second is not published")
            continue
        seen.add(s.id)
        unique.append(s)
        if s.ruleset not in by_ruleset:
            site.notes.append(f"scenario '{s.id}': no page renderer for ruleset '{s.ruleset}'")
    site.pages["scenarios/index.md"] = index_page(unique, ctx)
    map_rows: list[tuple[str, str, int]] = []
    for ruleset, renderer in by_ruleset.items():
        mine = [s for s in unique if s.ruleset == ruleset]
        mine_models = list(models.get(ruleset, ()))
        for s in mine:
            if renderer.sheets:
                site.pages[sheet_src(s.id)] = renderer.sheets(s, sheet_src(s.id), ctx)
        if renderer.reference:
            site.pages.update(renderer.reference(mine, mine_models, ctx))
        if renderer.maps:
            map_rows += renderer.maps(mine, mine_models)
    _scenario_pages(unique, site, ctx)
    site.pages["maps/index.md"] = _maps_index(map_rows, ctx)
    site.pages.setdefault("ships/index.md", "# Ship classes\n\nNo ship catalogs were built.\n")
    site.pages["sheets/index.md"] = _sheets_index(unique, ctx)
    codes = load_all_codes()
    site.pages["codes/index.md"] = codes_index(codes, ctx)
    for entry in codes.values():
        site.pages[code_src(entry.code)] = code_page(entry)
    site.pages.update(rules_pages(ctx))
    site.pages["coverage.md"] = coverage.coverage_markdown(coverage.collect(ctx.root, ctx.rules_index), codes)
    site.notes += downloads.link_all(site.pages, ctx)
    _exclude_from_search(site.pages)
    _map_page_contents(site.pages)
    return site


def _scenario_pages(scenarios: Sequence[ScenarioModel], site: GeneratedSite, ctx: SiteContext) -> None:
    """Each scenario's page, then the home page's cards, which show each page's map as a thumbnail."""
    for s in scenarios:
        drawn = set(ctx.figures or ())
        site.pages[scenario_src(s.id)] = scenario_page(s, ctx)
        _thumbnail(s.id, [key for key in (ctx.figures or {}) if key not in drawn], ctx)
    site.home = home_cards(scenarios, ctx)


def _thumbnail(scenario_id: str, new_figures: Sequence[str], ctx: SiteContext) -> None:
    """The scenario's card thumbnail, reduced from the first map its page drew (``thumbnails``)."""
    from admiralty.site.thumbnails import thumbnail_svg

    if ctx.thumbnails is None or ctx.figures is None:
        return
    for key in new_figures:
        svg = thumbnail_svg(ctx.figures[key])
        if svg is not None:
            ctx.thumbnails[scenario_id] = svg
            return


def _map_page_contents(pages: dict[str, str]) -> None:
    """A map's reference page gives the map the contents column's width and lists its sections above the map
    instead (a jump-to bar shown at every width): the table of contents above the map, not beside it."""
    for path, text in pages.items():
        if not path.startswith("maps/") or path.endswith("index.md"):
            continue
        titles = re.findall(r"^## (.+?)\s*$", text, re.M)
        if not titles or "\n" not in text:
            continue
        links = "".join(f'<a href="#{slug(title)}">{esc(title)}</a>' for title in titles)
        bar = html_block(f'<nav class="jump-bar jump-bar-always" aria-label="On this page">{links}</nav>',
                         "jump-to map-contents")
        head, _, rest = text.partition("\n")
        pages[path] = f"{head}\n{bar}\n{rest}"


def _exclude_from_search(pages: dict[str, str]) -> None:
    for path in pages:
        if path.startswith(UNSEARCHED) and not path.endswith("index.md"):
            pages[path] = SEARCH_EXCLUDE + pages[path]


# Pages the search leaves out (a lighter index): the print packs repeat the scenario pages' orders of battle, and
# a diagnostic code's page is for authors, who reach it from the diagnostic's link or the codes index.
UNSEARCHED = ("sheets/", "codes/")
SEARCH_EXCLUDE = "---\nsearch:\n  exclude: true\n---\n\n"
