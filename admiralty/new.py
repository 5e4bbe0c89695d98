"""``admiralty new scenario ID``: a skeleton scenario for any bundled rule system, built from the corpus's
own map (or table) and catalogs, that validates with them and plays to a decision, its schema modeline
first so that editors help from the first keystroke.

Validation resolves references across the paths it is given (a scenario names its map by id), so a new
scenario is checked together with its corpus: ``new`` prints that command. It does not make ``admiralty
validate FILE`` look for documents it was not given: the pre-commit hook and CI name the corpus
explicitly, and a validator that silently reads more than it was asked is the more surprising one.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from admiralty.atomic import write_text
from admiralty.contract import rulesets
from admiralty.scaffold.modeline import display, export_note, modeline_for
from admiralty.scaffold.skeleton import SkeletonError, build_skeleton
from admiralty.scaffold.yamlwriter import dump_document
from admiralty.validator.pipeline import Validation, validate
from admiralty.validator.report import render

ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _fail(message: str) -> int:
    print(f"admiralty new: {message}", file=sys.stderr)
    return 1


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
    if not ID.match(scenario_id):
        raise SkeletonError(f"'{scenario_id}' is not a lowercase kebab-case id (e.g. lissa-1916)")
    if not corpus.is_dir():
        raise SkeletonError(f"no corpus folder '{display(corpus)}'; name it with --corpus")
    result = validate([str(corpus)])
    chosen = pick_ruleset(corpus, result, ruleset)
    body = build_skeleton(chosen, scenario_id, date, result.models, place, display(corpus))
    target = (out if out is not None else scenario_folder(corpus, chosen, result)) / f"{scenario_id}.yaml"
    if target.exists():
        raise SkeletonError(f"'{display(target)}' already exists; nothing was written")
    target.parent.mkdir(parents=True, exist_ok=True)
    modeline = modeline_for(target, chosen, "scenario", root or corpus_root(corpus))
    write_text(target, dump_document(body, modeline.text))
    note = export_note([modeline])
    if note:
        print(note, file=sys.stderr)
    return target


def new_scenario(scenario_id: str, corpus: str, place: str | None, out: str | None, ruleset: str | None = None,
                 date: str | None = None) -> int:
    """The command: 0 written and valid with its corpus, 1 refused or (a bug) the skeleton does not validate."""
    folder = Path(corpus)
    try:
        target = write_scenario(scenario_id, folder, ruleset, place, Path(out) if out else None, date)
    except SkeletonError as error:
        return _fail(str(error))
    paths = [display(folder)] if target.absolute().is_relative_to(folder.absolute()) else [display(folder),
                                                                                           display(target)]
    check = validate(paths)
    if check.report.exit_code():
        sys.stdout.write(render(check.report, "text"))
        return _fail(f"wrote {display(target)}, but it does not validate with its corpus; this is a bug in "
                     "admiralty, please report it")
    print(f"wrote {display(target)}; check it with its corpus: {shlex.join(['admiralty', 'validate', *paths])}")
    return 0
