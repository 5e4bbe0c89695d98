"""``admiralty new scenario|map|catalog|table ID``: a new document for any installed rule system, its schema
modeline first so that editors help from the first keystroke.

A scenario is a skeleton built from the corpus's own map (or table) and catalogs that validates with them and
plays to a decision. A map, catalog or table is the rule system's starter document of that kind (the one
``admiralty init`` writes: small, valid, commented) under the new id and title, for the author to redraw.
Either is checked alone, as the author will check it: ``admiralty validate FILE`` reads the rest of the
corpus the file sits in as context (``admiralty.validator.context``).
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from admiralty.atomic import write_text
from admiralty.contract import rulesets
from admiralty.scaffold.documents import kind_of
from admiralty.scaffold.modeline import display, export_note, modeline_for
from admiralty.scaffold.skeleton import SkeletonError, build_skeleton, scaffold_of, title_of
from admiralty.scaffold.yamlwriter import dump_document
from admiralty.validator.context import ruleset_folder
from admiralty.validator.pipeline import Validation, validate
from admiralty.validator.report import render

ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _fail(message: str) -> int:
    """One line on stderr and exit 2: every refusal of ``new`` is a usage error (a bad id, a corpus without what the
    document needs, a file that exists), as the README's exit codes say."""
    print(f"admiralty new: {message}", file=sys.stderr)
    return 2


def corpus_root(corpus: Path) -> Path:
    """Where ``schemas/`` belongs for a corpus folder: beside ``scenarios/`` (the layout ``admiralty init``
    writes), above a rule system's folder; else the folder itself."""
    root = corpus.absolute()
    if root.name in rulesets() and root.parent.name == "scenarios":
        root = root.parent
    return root.parent if root.name == "scenarios" else root


def pick_ruleset(corpus: Path, result: Validation, wanted: str | None) -> str:
    """``--ruleset``, else the rule system the corpus folder is named after, else the only one whose
    documents it holds."""
    if wanted is not None:
        return wanted
    if corpus.absolute().name in rulesets():
        return corpus.absolute().name
    present = sorted({item.ruleset for item in result.loaded})
    if len(present) == 1:
        return present[0]
    if not present:
        raise SkeletonError(f"no valid documents under '{display(corpus)}'; `admiralty init` writes a starter "
                            "corpus, or name the corpus with --corpus")
    raise SkeletonError(f"'{display(corpus)}' holds documents of {', '.join(present)}; choose one with "
                        f"--ruleset (e.g. --ruleset {present[0]}) or name its folder with --corpus")


def scenario_folder(corpus: Path, ruleset: str, result: Validation) -> Path:
    """Where a new scenario goes: the corpus's ``<ruleset>/scenarios/`` (or ``scenarios/`` in a rule
    system's folder), else beside the rule system's other scenarios, else the corpus folder."""
    for candidate in (corpus / ruleset / "scenarios", corpus / "scenarios"):
        if candidate.is_dir() and (candidate != corpus / "scenarios" or corpus.absolute().name == ruleset):
            return candidate
    beside = sorted(Path(i.doc.file).parent for i in result.loaded if i.ruleset == ruleset and i.kind == "scenario")
    return beside[0] if beside else corpus


def write_scenario(scenario_id: str, corpus: Path, ruleset: str | None, place: str | None, out: Path | None,
                   date: str | None, root: Path | None = None) -> Path:
    """Build and write the skeleton; its path. Raises ``SkeletonError`` (nothing written) when the corpus
    lacks what it needs or the file exists."""
    _check_request(scenario_id, corpus, "lissa-1916")
    result = validate([str(corpus)])
    chosen = pick_ruleset(corpus, result, ruleset)
    body = build_skeleton(chosen, scenario_id, date, result.models, place, display(corpus))
    target = (out if out is not None else scenario_folder(corpus, chosen, result)) / f"{scenario_id}.yaml"
    return _write_new(target, chosen, "scenario", root or corpus_root(corpus),
                      lambda modeline: dump_document(body, modeline))


def _check_request(doc_id: str, corpus: Path, example: str) -> None:
    if not ID.match(doc_id):
        raise SkeletonError(f"'{doc_id}' is not a lowercase kebab-case id (e.g. {example})")
    if not corpus.is_dir():
        raise SkeletonError(f"no corpus folder '{display(corpus)}'; name it with --corpus")


def _write_new(target: Path, ruleset: str, kind: str, root: Path, text: Callable[[str], str]) -> Path:
    """Write ``text(modeline)`` to ``target`` (never over an existing file), saying where the schema went."""
    if target.exists():
        raise SkeletonError(f"'{display(target)}' already exists; nothing was written")
    target.parent.mkdir(parents=True, exist_ok=True)
    modeline = modeline_for(target, ruleset, kind, root)
    write_text(target, text(modeline.text))
    note = export_note([modeline])
    if note:
        print(note, file=sys.stderr)
    return target


ALIASES = {"catalog": "ships"}  # the word an author uses for a document kind whose name is not a noun of theirs


def word_for(kind: str) -> str:
    return next((word for word, aliased in ALIASES.items() if aliased == kind), kind)


def starter_of(ruleset: str, what: str) -> tuple[str, str]:
    """The rule system's starter document of the kind ``what`` asks for (a document kind of the rule system,
    or its author's word: ``catalog`` for ``ships``): (its path below the rule system's folder, its text).
    ``SkeletonError`` naming what it has when it has no starter of that kind."""
    scaffold = scaffold_of(ruleset)
    kind = ALIASES.get(what, what)
    found = sorted((path, text) for path, text in scaffold.documents.items()
                   if kind != "scenario" and kind_of(text) == kind)  # fmt: skip
    if not found:
        starters = {kind_of(text) for text in scaffold.documents.values()} - {"scenario"}
        has = ["scenario", *sorted(word_for(k) for k in starters)]
        raise SkeletonError(f"rule system '{ruleset}' has no {what} documents; `admiralty new` writes for it: "
                            f"{', '.join(has)}")
    return found[0]


def write_document(what: str, doc_id: str, corpus: Path, ruleset: str | None, out: Path | None,
                   root: Path | None = None) -> Path:
    """Write the starter ``what`` of the corpus's rule system as ``doc_id``; its path. ``SkeletonError``
    (nothing written) when the id, the corpus or the rule system does not fit, or the file exists."""
    _check_request(doc_id, corpus, "north-sea")
    chosen = pick_ruleset(corpus, validate([str(corpus)]), ruleset)
    place, text = starter_of(chosen, what)
    base = corpus / chosen if (corpus / chosen).is_dir() else corpus
    target = (out if out is not None else base / Path(place).parent) / f"{doc_id}.yaml"
    text = re.sub(r"^id: .*$", f"id: {doc_id}", text, count=1, flags=re.MULTILINE)
    text = re.sub(r"^title: .*$", f"title: {title_of(doc_id)} (a new {what} from the starter; redraw it)", text,
                  count=1, flags=re.MULTILINE)
    root = root or corpus_root(corpus)
    return _write_new(target, chosen, kind_of(text), root, lambda modeline: f"{modeline}\n{text}")


def new_document(what: str, doc_id: str, corpus: str, place: str | None, out: str | None,
                 ruleset: str | None = None, date: str | None = None) -> int:
    """The command: 0 written and valid alone (with its corpus as context), 2 refused (usage) or (a bug) invalid."""
    folder = Path(corpus)
    try:
        if what == "scenario":
            target = write_scenario(doc_id, folder, ruleset, place, Path(out) if out else None, date)
        else:
            target = write_document(what, doc_id, folder, ruleset, Path(out) if out else None)
    except SkeletonError as error:
        return _fail(str(error))
    # Alone when validation finds its corpus (below a rule system's folder), else with the corpus named.
    if ruleset_folder(target) is not None:
        paths = [display(target)]
    elif target.absolute().is_relative_to(folder.absolute()):
        paths = [display(folder)]
    else:
        paths = [display(folder), display(target)]
    check = validate(paths)
    if check.report.exit_code():
        sys.stdout.write(render(check.report, "text"))
        return _fail(f"wrote {display(target)}, but it does not validate with its corpus; this is a bug in "
                     "admiralty, please report it")
    print(f"wrote {display(target)}; check it: {shlex.join(['admiralty', 'validate', *paths])}")
    return 0
