"""The validator's stages in order: discover, load, schema, build, checks. Collects every finding."""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from admiralty.contract import ScenarioModel, Sourced
from admiralty.project import current as current_project
from admiralty.project import used_folders
from admiralty.validator import schema, spoofing
from admiralty.validator.build import BuildContext, Loaded, build_all
from admiralty.validator.checks import run_checks
from admiralty.validator.context import MAX_CONTEXT_FILES, context_roots, needed_for_build
from admiralty.validator.diagnostics import Diagnostic, Report, Severity
from admiralty.validator.load import Document, LoadResult, json_path, load_file
from admiralty.validator.load.codes import RepositionError
from admiralty.validator.policy import apply_policy

YAML_SUFFIXES = (".yaml", ".yml")

_NOT_MAPPING_HINT = ("an admiralty document is a mapping of keys to values that starts with `kind:` and "
                     "`ruleset:` (for example `kind: scenario`, then `ruleset: dreadnought`, then `id: ...`)")


@dataclass
class Validation:
    """The outcome of validating some paths: the report and everything built."""

    report: Report
    scenarios: list[ScenarioModel] = field(default_factory=list)
    loaded: list[Loaded] = field(default_factory=list)
    models: list[Sourced] = field(default_factory=list)  # maps and catalogs
    models_by_ruleset: dict[str, list[Sourced]] = field(default_factory=dict)  # the same, by rule system


def display_path(path: Path) -> str:
    """Paths relative to the working directory when below it: shorter, and what CI annotations want."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)


def discover(paths: Sequence[str]) -> tuple[list[Path], list[Diagnostic]]:
    """Every YAML file named or below a folder named, sorted; links out of a folder are refused."""
    files: list[Path] = []
    problems: list[Diagnostic] = []
    project = current_project()
    for given in paths:
        path = Path(given)
        if path.is_dir():
            root = path.resolve()
            for dirpath, dirnames, filenames in os.walk(path, followlinks=False):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
                for name in sorted(filenames):
                    if not name.endswith(YAML_SUFFIXES):
                        continue
                    candidate = Path(dirpath) / name
                    # os.walk does not follow links to folders, so only a link can lead out of the root:
                    # resolving every file cost a stat per folder of its path
                    if candidate.is_symlink() and not candidate.resolve().is_relative_to(root):
                        problems.append(Diagnostic("IO002", f"'{candidate}' links outside '{given}'",
                                                   display_path(candidate), hint="copy the file into the corpus "
                                                   "instead of linking to it"))
                        continue
                    files.append(candidate)
        elif path.exists():
            files.append(path)
        else:
            problems.append(Diagnostic("IO001", f"no such file or folder: '{given}'", given,
                                       hint="check the path"))
    if project is not None and project.exclude:
        files = [file for file in files if not project.excluded(file)]
    return _one_name_per_file(files), problems


def _one_name_per_file(files: Sequence[Path]) -> list[Path]:
    """Each file once, however it was named (``scenarios/x.yaml``, ``/abs/scenarios/x.yaml``, ``../../x.yaml``):
    the same file read under two names would define every id it holds twice (a false REF001). The first name
    given is kept; sorted by it."""
    unique: dict[Path, Path] = {}
    for file in files:
        unique.setdefault(file.resolve(), file)
    return sorted(unique.values(), key=lambda p: str(p))


def validate(paths: Sequence[str], *, skip_non_documents: bool = False) -> Validation:
    """Validate every document under ``paths`` together: references resolve across all of them. A file named
    on its own is validated with the rest of its corpus as context (``admiralty.validator.context``): the
    context is built so that references resolve, but it is not checked and its findings are not reported."""
    report = Report()
    files, problems = discover(paths)
    report.extend(problems)
    # files named must be documents, unless the caller names every file it has (pre-commit: --skip-non-documents)
    named = set() if skip_non_documents else {display_path(Path(given)) for given in paths if Path(given).is_file()}
    context = _context_files(paths, files)
    result = validate_loaded((_load(path) for path in [*files, *context]), report, named=named,
                             context={display_path(path) for path in context})
    apply_policy(result.report, current_project())
    return result


def _load(path: Path) -> tuple[str, LoadResult]:
    """A discovered file, loaded, under the name its diagnostics show."""
    shown = display_path(path)
    return shown, load_file(str(path), shown)


def validate_scenarios(paths: Sequence[str], ids: Collection[str]) -> Validation:
    """Validate the scenarios with these ids, the other documents under ``paths`` built as their context only (as
    for a file named on its own): what ``smoke --only`` plays. A document is chosen by the ``id`` it was read
    with, whatever its kind (a mistyped ``kind:`` is then reported, not passed over); a file that could not be
    read cleanly might be one of them, so it is validated too and its errors still stop the run. Smoking one
    scenario of the bundled corpus started in 0.6 s instead of 1.0 s: only the maps and catalogs it uses are
    built."""
    report = Report()
    files, problems = discover(paths)
    report.extend(problems)
    results = [_load(path) for path in [*files, *_context_files([], files)]]  # + the used corpora
    wanted = set(ids)
    context = {shown for shown, result in results if _read_cleanly(result) and not _has_id_among(result, wanted)}
    result = validate_loaded(results, report, context=context)
    apply_policy(result.report, current_project())
    return result


def _read_cleanly(result: LoadResult) -> bool:
    return result.document is not None and not any(d.severity is Severity.ERROR for d in result.diagnostics)


def _has_id_among(result: LoadResult, ids: Collection[str]) -> bool:
    data = result.document.data if result.document is not None else None
    return isinstance(data, dict) and isinstance(data.get("id"), str) and data["id"] in ids


def _context_files(paths: Sequence[str], files: Sequence[Path]) -> list[Path]:
    """The other documents of the corpora that the files named on their own belong to, as ``discover`` finds
    them (never following a link out of the corpus), and those of the corpora the project uses; none past
    ``MAX_CONTEXT_FILES``."""
    roots = [*context_roots(paths), *used_folders()]  # used corpora (the project's uses:): context everywhere
    if not roots:
        return []
    found, _ = discover([str(root) for root in roots])  # a link out of a corpus is simply not context
    if len(found) > MAX_CONTEXT_FILES:
        return []
    named = {file.resolve() for file in files}
    return [file for file in found if file.resolve() not in named]


def validate_loaded(results: Iterable[tuple[str, LoadResult]], report: Report | None = None, *,
                    named: Collection[str] = (), context: Collection[str] = ()) -> Validation:
    """Validate files that are already loaded, each named as its diagnostics show it: everything ``validate``
    does after reading. The fuzzer validates a mutant in memory this way, next to documents loaded once.
    ``named`` are the files named on the command line: like those in a corpus folder, they must be documents.
    ``context`` files are built for the others' references only: not checked, not counted, not reported, and
    their scenarios are not among the validation's. A file the fast YAML path accepted but the positioned loader
    refuses when a finding needs its positions (``RepositionError``) is validated again as the positioned loader
    reads it: refused, with its diagnostic, never reported at a made-up 1:1."""
    results = list(results)
    report = report if report is not None else Report()
    start = len(report.diagnostics), len(report.files)
    with collector_paused():
        for _ in range(len(results)):
            try:
                return _validate_loaded(results, report, named, context)
            except RepositionError as refused:
                del report.diagnostics[start[0]:], report.files[start[1]:]
                results = [(shown, LoadResult(None, refused.diagnostics) if shown == refused.file else result)
                           for shown, result in results]
        return _validate_loaded(results, report, named, context)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off for the duration (and back on after, if it was on). Validation builds
    documents, models and diagnostics that all live to its end and hold no garbage cycles worth collecting,
    yet each collection walks every one of them: on 2,000 scenarios a fifth of validate's CPU went there,
    and that share grows with the corpus (t(2000) / t(500) scenarios was 4.5, 3.9 with the collector off, at
    the same peak memory; benchmarks/growth.py). Unreachable cycles made meanwhile are collected after."""
    if not gc.isenabled():  # someone else's pause (another validation in another thread): theirs to end
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _validate_loaded(results: Iterable[tuple[str, LoadResult]], report: Report | None, named: Collection[str],
                     context: Collection[str]) -> Validation:
    report = report if report is not None else Report()
    loaded, broken = _check_schemas(results, report, named)
    report.extend(name_diagnostics(loaded))
    ctx = BuildContext(broken=broken)
    built = build_all(needed_for_build(loaded, context), ctx)
    report.extend(ctx.diagnostics)
    documents = {item.doc.file: item.doc for item in loaded}
    report.extend(run_checks([m for m in [*built.others, *built.scenarios] if model_file(m) not in context],
                             documents, only={item.ruleset for item in loaded}))
    scenarios = built.scenarios
    if context:
        report.diagnostics[:] = [d for d in report.diagnostics if d.file not in context]
        report.files[:] = [f for f in report.files if f not in context]
        scenarios = [s for s in scenarios if model_file(s) not in context]
    return Validation(report, scenarios, loaded, built.others, built.others_by_ruleset)


def model_file(model: Sourced) -> str:
    """The file a built model came from (the core reads only its source's ``file``)."""
    return model.source.file


def name_diagnostics(loaded: Sequence[Loaded]) -> list[Diagnostic]:
    """TXT005 for a name mixing scripts in one word, TXT004 for two look-alike names of one namespace (the same
    property of the same kind of document, across every document validated together)."""
    found: list[Diagnostic] = []
    names: list[tuple[tuple[str, ...], spoofing.Named]] = []
    for item in loaded:
        mixed, named = document_names(item)
        found += mixed
        names += named
    return found + look_alikes(names, {item.doc.file: item.doc for item in loaded})


def document_names(item: Loaded) -> tuple[list[Diagnostic], list[tuple[tuple[str, ...], spoofing.Named]]]:
    """One document's TXT005 findings and its names by namespace (for ``look_alikes``)."""
    found: list[Diagnostic] = []
    names: list[tuple[tuple[str, ...], spoofing.Named]] = []
    for path, text in spoofing.names_of(item.doc.data):
        mixed = spoofing.mixed_script_word(text)
        if mixed is not None:
            word, odd, _ = mixed
            span = item.doc.locate(path)
            found.append(Diagnostic("TXT005", f"'{word}' mixes scripts: {spoofing.code_point(odd)} among "
                                    f"letters of another script", item.doc.file, span.line, span.column,
                                    json_path=json_path(path), hint="write the word in one script"))
        names.append((spoofing.namespace(item.ruleset, item.kind, path), (item.doc.file, path, text)))
    return found, names


def look_alikes(names: Iterable[tuple[tuple[str, ...], spoofing.Named]],
                documents: Mapping[str, Document]) -> list[Diagnostic]:
    """TXT004 for each look-alike pair among ``names`` (of the documents validated together)."""
    found: list[Diagnostic] = []
    for name, twin in spoofing.confusable_pairs(names):
        span = documents[name[0]].locate(name[1])
        other = documents[twin[0]].locate(twin[1])
        where = "" if name[0] == twin[0] else f"{twin[0]}:"
        found.append(Diagnostic("TXT004", f"'{name[2]}' and '{twin[2]}' look the same: "
                                f"{spoofing.differences(twin[2], name[2])}", name[0], span.line, span.column,
                                json_path=json_path(name[1]), hint=f"'{twin[2]}' is at {where}{other.line}:"
                                f"{other.column}; rename one, or spell both alike if they are the same"))
    return found


def in_corpus_folder(shown: str) -> bool:
    """Below a folder named ``scenarios`` or after a registered rule system (``scenarios/<ruleset>/...``)."""
    from admiralty.contract import rulesets

    folders = set(Path(shown).parts[:-1])
    return "scenarios" in folders or not folders.isdisjoint(rulesets())


OTHER_TOOLS = {"mkdocs.yml": "MkDocs' configuration", "mkdocs.yaml": "MkDocs' configuration",
               ".pre-commit-config.yaml": "pre-commit's configuration", ".pre-commit-hooks.yaml": "pre-commit's hooks",
               "docker-compose.yml": "a Compose file", "docker-compose.yaml": "a Compose file",
               "compose.yml": "a Compose file", "compose.yaml": "a Compose file", ".gitlab-ci.yml": "GitLab CI's",
               ".readthedocs.yml": "Read the Docs' configuration", ".readthedocs.yaml": "Read the Docs' configuration",
               ".yamllint.yml": "yamllint's configuration", ".yamllint.yaml": "yamllint's configuration",
               "environment.yml": "a conda environment", "admiralty.yaml": "admiralty's project file",
               "action.yml": "a GitHub action", "action.yaml": "a GitHub action"}
"""Files of other tools by name: their tags (``!ENV``, ``!!python/name:``) and shapes are theirs, so a folder
holding them is validated without an error for them (issue 36, item 2)."""


def other_tools_file(shown: str) -> str:
    """What tool's file ``shown`` is (its name, or a file below ``.github/``), or ``""``."""
    path = Path(shown)
    if ".github" in path.parts[:-1]:
        return "a GitHub file"
    return OTHER_TOOLS.get(path.name, "")


def _not_a_mapping(doc: Document, shown: str) -> Diagnostic:
    what = {list: "a list", str: "a text", bool: "a boolean", int: "a number", float: "a number"}.get(
        type(doc.data), type(doc.data).__name__)
    span = doc.root.span
    return Diagnostic("IO004", f"the document is {what}, not a mapping", shown, span.line, span.column,
                      hint=_NOT_MAPPING_HINT)


@dataclass
class Staged:
    """One file after loading and the schema stage: its findings, and the document when it goes on to the build
    (``loaded``) or the (ruleset, kind, id) it would have had when its errors stop it (``broken``)."""

    diagnostics: list[Diagnostic]
    loaded: Loaded | None = None
    broken: tuple[str, str, str] | None = None


def stage_file(shown: str, result: LoadResult, named: Collection[str] = ()) -> Staged:
    """Loading's findings and the schema stage for one file: everything before the build, file by file."""
    found = list(result.diagnostics)
    tool = other_tools_file(shown)
    if tool and shown not in named and not in_corpus_folder(shown):
        return Staged([Diagnostic("IO003", f"skipped: {tool}, not an admiralty document", shown,
                                  hint="name it on the command line to check it as one", severity=Severity.INFO)])
    doc = result.document
    if doc is None:
        return Staged(found)
    data = doc.data
    not_ours = _not_a_document(doc, shown, named)
    if not_ours is not None:
        return Staged([*found, not_ours])
    known = _known_kind(doc, shown)
    if isinstance(known, Diagnostic):
        return Staged([*found, known])
    ruleset, kind = known
    errors = list(schema.schema_diagnostics(doc, ruleset, kind))
    modeline = schema.check_modeline(doc, ruleset, kind)
    if modeline is not None:
        errors.append(modeline)
    doc_id = data.get("id") if isinstance(data.get("id"), str) else ""
    if any(e.severity is Severity.ERROR for e in errors):
        return Staged([*found, *errors], broken=(ruleset, kind, doc_id))
    return Staged([*found, *errors], Loaded(doc, ruleset, kind, doc_id))


def _not_a_document(doc: Document, shown: str, named: Collection[str]) -> Diagnostic | None:
    """IO004 for a corpus file that is not a mapping, IO003 (skipped) for a file that is no admiralty
    document, or ``None`` for a mapping with a ``kind:`` or ``ruleset:`` (or a modeline)."""
    data = doc.data
    if not isinstance(data, dict) and (shown in named or in_corpus_folder(shown)):
        return _not_a_mapping(doc, shown)
    unmarked = not isinstance(data, dict) or ("kind" not in data and "ruleset" not in data)
    if unmarked and doc.modeline is None:
        return Diagnostic("IO003", "skipped: no `kind:` or `ruleset:`", shown, hint="add `kind:` and `ruleset:` "
                          "if this is an admiralty document", severity=Severity.INFO)
    return None


def _known_kind(doc: Document, shown: str) -> tuple[str, str] | Diagnostic:
    """The document's (rule system, kind), or SCH011 for one that no installed rule system has."""
    data = doc.data
    kind, ruleset = (data.get("kind"), data.get("ruleset")) if isinstance(data, dict) else (None, None)
    kinds = schema.known_kinds()
    if not isinstance(ruleset, str) or ruleset not in kinds:
        span = doc.locate(("ruleset",))
        return Diagnostic("SCH011", f"unknown ruleset {ruleset!r}", shown, span.line, span.column,
                          json_path="$.ruleset", hint=f"one of: {', '.join(sorted(kinds))}")
    if not isinstance(kind, str) or kind not in kinds[ruleset]:
        span = doc.locate(("kind",))
        return Diagnostic("SCH011", f"unknown document kind {kind!r} for ruleset '{ruleset}'", shown, span.line,
                          span.column, json_path="$.kind", hint=f"one of: {', '.join(sorted(kinds[ruleset]))}")
    return ruleset, kind


def _check_schemas(results: Iterable[tuple[str, LoadResult]], report: Report,
                   named: Collection[str] = ()) -> tuple[list[Loaded], set[tuple[str, str, str]]]:
    loaded: list[Loaded] = []
    broken: set[tuple[str, str, str]] = set()
    for shown, result in results:
        report.files.append(shown)
        staged = stage_file(shown, result, named)
        report.extend(staged.diagnostics)
        if staged.loaded is not None:
            loaded.append(staged.loaded)
        if staged.broken is not None:
            broken.add(staged.broken)
    return loaded, broken
