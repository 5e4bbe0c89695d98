"""``admiralty init [DIR]``: a scenario repository of one's own, ready to validate, play and check in CI.

It writes the schemas (``admiralty schemas export``), a rule system's starter documents under
``scenarios/<ruleset>/`` with modelines pointing at those schemas, an example scenario built by the same
skeleton builder as ``admiralty new scenario``, a pre-commit configuration using admiralty's hook, a GitHub
workflow installing admiralty (both pinned to exactly the admiralty installed: ``admiralty.scaffold.pins``),
the reference site's
``mkdocs.yml`` and ``docs/index.md`` (the packaged default site, ``admiralty/site/default/``, named after the
repository: the author adds pages, changes the theme, adds plugins), a README and a .gitignore, and runs
``git init`` when git is installed and the folder is in no repository (the hook needs one). A second
``init --ruleset`` into the same folder adds that rule system and updates the README it wrote. A folder that is
not empty is refused unless ``--force``; even then no file that exists is overwritten: the author's work is never
lost to a scaffold.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from admiralty import __version__, home
from admiralty.atomic import write_text
from admiralty.contract import Scaffold, rulesets
from admiralty.resources import package_path
from admiralty.scaffold import pins
from admiralty.scaffold.documents import kind_of
from admiralty.scaffold.export import export_schemas
from admiralty.scaffold.modeline import SCHEMAS, display, modeline_for
from admiralty.scaffold.new import write_scenario
from admiralty.scaffold.skeleton import SkeletonError


def pre_commit_config() -> str:
    """The hook pinned to the admiralty installed (``admiralty.scaffold.pins``)."""
    return pins.pre_commit_config(pins.installed_pin())


def workflow() -> str:
    """The workflow installing the admiralty installed here (``admiralty.scaffold.pins``)."""
    return pins.workflow(pins.installed_pin())


def _admiralty_named() -> str:
    return f"[admiralty]({home.REPOSITORY})" if home.REPOSITORY else "admiralty"


def readme(name: str, ruleset_names: list[str]) -> str:
    """The repository's README for the rule systems it holds (one ``scenarios/<ruleset>/`` folder each)."""
    named = [f"`{r}`" for r in ruleset_names]
    which = " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
    new_commands = "\n".join(f"admiralty new scenario my-battle-1917 --corpus scenarios/{r}" for r in ruleset_names)
    single = len(ruleset_names) == 1  # one rule system: the wording of the README init has always written
    folders = "\n".join(f"- `scenarios/{r}/`: the {'' if single else f'`{r}` '}documents (the starter ones are "
                        "placeholders: replace them);" for r in ruleset_names)
    return f"""\
# {name}

Naval wargame scenarios for admiralty's {which} rules, checked with
{_admiralty_named()} {__version__}.

```sh
pip install {shlex.quote(pins.installed_pin().requirement)}
admiralty validate scenarios/                 # schema, references and the rules' checks
admiralty smoke scenarios/ --games 20         # play every scenario headless
{new_commands}
admiralty docs --serve                        # the reference site on http://127.0.0.1:8000
                                              # (needs the site extra: pip install 'admiralty[site]')
```

{folders}
- `schemas/`: admiralty's JSON schemas, which each document's first line (its modeline) names so that
  editors with the YAML language server check it as you type; after upgrading admiralty, refresh them
  with `admiralty schemas export --force`;
- `mkdocs.yml` and `docs/`: the reference site (MkDocs with admiralty's plugin); add pages to `docs/` and
  `nav:`, change the theme, add other plugins; `admiralty docs` (or `mkdocs build --strict`) builds it;
- `.pre-commit-config.yaml` and `.github/workflows/scenarios.yml` run the same checks on every commit and
  pull request.
"""


def _readme(root: Path, ruleset: str, written: list[str], kept: list[str]) -> None:
    """Write the README, or rewrite one that ``init`` wrote for fewer rule systems so that it names every rule
    system the repository now holds (a second ``init --ruleset``); a README the author changed is kept."""
    path = root / "README.md"
    known = set(rulesets())
    held = sorted({p.name for p in (root / "scenarios").iterdir() if p.is_dir() and p.name in known} | {ruleset})
    name = root.absolute().name
    text = readme(name, held)
    if not path.exists():
        write_text(path, text)
        written.append(display(path))
        return
    current = path.read_text(encoding="utf-8")
    earlier = [readme(name, [r for r in held if r != ruleset])] + [readme(name, [r]) for r in held]
    if current != text and current in earlier:
        write_text(path, text)
        written.append(f"{display(path)} (now for {', '.join(held)})")
    else:
        kept.append(display(path))


def git_init(root: Path) -> str:
    """Make the folder a git repository (the pre-commit hook needs one) when git is installed and the folder is
    in no repository yet; the sentence saying what was done, or why not."""
    git = shutil.which("git")
    shown = display(root)
    if git is None:
        return f"git not found: run `git init` in {shown} to use the pre-commit hook"
    inside = subprocess.run([git, "-C", str(root), "rev-parse", "--is-inside-work-tree"], capture_output=True,
                            text=True, check=False)
    if inside.returncode == 0 and inside.stdout.strip() == "true":
        return f"{shown} is already in a git repository; git init not run"
    made = subprocess.run([git, "init", "-q", str(root)], capture_output=True, text=True, check=False)
    if made.returncode != 0:
        return f"git init failed in {shown}: {made.stderr.strip() or made.stdout.strip()}"
    return f"initialised a git repository in {shown} (git init)"


SITE_DEFAULT = package_path("site", "default")


def site_config(name: str) -> str:
    """The packaged default ``mkdocs.yml`` with the repository's name as ``site_name``."""
    text = (SITE_DEFAULT / "mkdocs.yml").read_text(encoding="utf-8")
    return text.replace("\nsite_name: Scenarios\n", f"\nsite_name: {json.dumps(name, ensure_ascii=False)}\n", 1)


PROJECT = """\
# yaml-language-server: $schema=schemas/project.schema.json
# admiralty's project file: every command run in this repository, from any folder of it, reads it.
corpus: [scenarios]        # what validate, smoke, build and docs read when given no path
exclude: []                # globs of files never read, e.g. mkdocs.yml or scenarios/drafts/*
ignore: []                 # codes never reported, e.g. SCH012 (or inline: # admiralty: ignore[SCH012])
errors: []                 # codes that fail the run even when they are warnings
# paths:                   # codes per glob of files
#   "scenarios/*/drafts/*": {ignore: [REF005]}
# smoke: {games: 20, jobs: 2}
# uses: [admiralty]        # build on the maps and catalogs bundled with admiralty, without copying them
# site_url: https://fleet.example.org/   # your published site: diagnostics link to its codes/<code>/ pages
"""


GITIGNORE = """\
# admiralty's outputs: smoke statistics and replays, the built site, and the site's lock and build folders
build/
site/
.site.lock
.site.building-*/
.site.old-*/
"""


def _write(path: Path, text: str, written: list[str], kept: list[str]) -> None:
    if path.exists():
        kept.append(display(path))
        return
    write_text(path, text)
    written.append(display(path))


def init_corpus(directory: str, ruleset: str, force: bool = False) -> int:
    """The command: 0 written, 1 refused (a folder with files in it, no ``--force``; an unknown rule system)."""
    root = Path(directory)
    starters = {name: s for name, r in rulesets().items() if (s := r.load_scaffold()) is not None}
    refusal = _refusal(root, ruleset, sorted(starters), force)
    if refusal is not None:
        print(f"admiralty init: {refusal}", file=sys.stderr)
        return 1
    written: list[str] = []
    kept: list[str] = []
    root.mkdir(parents=True, exist_ok=True)
    for exported in export_schemas(root / SCHEMAS, on_conflict="keep"):
        (kept if exported.outcome in ("kept", "unchanged") else written).append(display(exported.path))
    _write_starter(root, ruleset, starters[ruleset], written, kept)
    for name, text in (("admiralty.yaml", PROJECT), (".pre-commit-config.yaml", pre_commit_config()),
                       (".github/workflows/scenarios.yml", workflow()), (".gitignore", GITIGNORE),
                       ("mkdocs.yml", site_config(root.absolute().name)),
                       ("docs/index.md", (SITE_DEFAULT / "docs" / "index.md").read_text(encoding="utf-8"))):
        _write(root / name, text, written, kept)
    _readme(root, ruleset, written, kept)
    _report(root, written, kept)
    return 0


def _refusal(root: Path, ruleset: str, known: list[str], force: bool) -> str | None:
    """Why ``init`` writes nothing (an unknown rule system, a file in the way, a folder with files in it and no
    ``--force``), or ``None``."""
    if ruleset not in known:
        return f"no starter for rule system '{ruleset}'; known: {', '.join(known)}"
    if root.exists() and not root.is_dir():
        return f"'{display(root)}' is a file"
    if root.is_dir() and any(root.iterdir()) and not force:
        return (f"'{display(root)}' is not empty; pass --force to add the starter files to it "
                "(files that exist are never overwritten)")
    return None


def _write_starter(root: Path, ruleset: str, starter: Scaffold, written: list[str], kept: list[str]) -> None:
    """The rule system's starter documents, each with its modeline, and its example scenario (a scenario kept
    from before, or one that does not fit the documents kept from before, is left alone)."""
    corpus = root / "scenarios" / ruleset
    for place, body in starter.documents.items():
        path = corpus / place
        _write(path, f"{modeline_for(path, ruleset, kind_of(body), root).text}\n{body}", written, kept)
    scenario = corpus / "scenarios" / f"{starter.scenario}.yaml"
    if scenario.exists():
        kept.append(display(scenario))
        return
    try:
        written.append(display(write_scenario(starter.scenario, corpus, ruleset, None, scenario.parent, None, root)))
    except SkeletonError as error:  # a starter document kept from before may not fit the skeleton
        print(f"admiralty init: the example scenario was not written: {error}", file=sys.stderr)


def _report(root: Path, written: list[str], kept: list[str]) -> None:
    """What was written and kept (schema files counted, not listed), the ``git init`` outcome and the next
    steps."""
    print("\n".join(f"wrote {path}" for path in written if not path.endswith(".schema.json")))
    schemas = sum(1 for path in written if path.endswith(".schema.json"))
    print(f"wrote {schemas} schema files under {display(root / SCHEMAS)}/")
    if kept:
        print(f"kept {len(kept)} file{'s' if len(kept) != 1 else ''} that existed: {', '.join(kept)}")
    steps = ([f"cd {shlex.quote(display(root))}"] if root.absolute() != Path.cwd() else []) + [
        "admiralty validate scenarios/", "admiralty smoke scenarios/ --games 20"]
    print(git_init(root))
    print("next: " + " && ".join(steps))
