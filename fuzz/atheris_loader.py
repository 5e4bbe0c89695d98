"""Coverage-guided fuzzing of the positioned YAML loader with atheris (libFuzzer for Python).

The mutation fuzzer (``admiralty fuzz``) makes structured mistakes in whole documents; this harness lets
libFuzzer grow byte strings that reach new branches of ``admiralty.validator.load`` (and of the Python parts of
PyYAML it drives), checking on every input that:

- ``load_bytes`` never raises, whatever the bytes;
- a failed load has exactly the error diagnostics, a successful one none, and every diagnostic has a
  registered code, a message, a hint, and a line and column inside the file;
- every position of a loaded document (the root, each value and each key) lies inside the text.

It is not part of the test suite (libFuzzer runs until stopped). Run it by hand from the repository root::

    /work/venv/bin/pip install atheris          # prebuilt wheels for CPython 3.11 on Linux x86-64
    mkdir -p build/atheris-loader
    /work/venv/bin/python fuzz/atheris_loader.py build/atheris-loader -max_total_time=600

The first argument is libFuzzer's corpus folder: it is seeded with every YAML file of ``scenarios/`` and
``tests/bad/`` when empty, and keeps the inputs that found new coverage, so later runs start where earlier
ones stopped. Useful libFuzzer options: ``-max_total_time=SECONDS``, ``-atheris_runs=N``, ``-max_len=4096``
(longer inputs reach deeper nesting and alias chains), ``-jobs=2 -workers=2``, ``-dict=FILE``. A crash
stops the run and writes ``crash-<hash>`` with the input; reproduce it with
``python fuzz/atheris_loader.py crash-<hash>``, then add it to ``tests/bad/`` with its expected code.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

with atheris.instrument_imports(include=["validator", "yaml"]):
    from admiralty.validator.diagnostics import CODES, Severity
    from admiralty.validator.load import Pos, Span, load_bytes

_BREAK = re.compile("\r\n|\r|\n|\x85|\u2028|\u2029")  # the line breaks libyaml counts
# Small bounds so that libFuzzer's short inputs reach every limit, not only the syntax.
BOUNDS = {"max_bytes": 64 * 1024, "max_depth": 16, "max_nodes": 2_000, "max_values": 5_000}


def _inside(span: Span, lines: int) -> bool:
    return 1 <= span.line <= span.end_line <= lines + 1 and span.column >= 1 and span.end_column >= 1


def _check_positions(pos: Pos | Span, lines: int) -> None:
    stack: list[Pos | Span] = [pos]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if isinstance(item, Span):
            assert _inside(item, lines), item
            continue
        if id(item) in seen:  # aliases share positions
            continue
        seen.add(id(item))
        assert _inside(item.span, lines), item.span
        children = item.children
        stack.extend(children.values() if isinstance(children, dict) else children or [])
        for key_span in (item.keys or {}).values():
            assert _inside(key_span, lines), key_span


def TestOneInput(data: bytes) -> None:  # atheris's name for the function it calls with each input
    result = load_bytes(data, "fuzz.yaml", **BOUNDS)
    text = data.decode("utf-8", "replace")
    lines = len(_BREAK.findall(text)) + 1
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert (result.document is None) == bool(errors), result.diagnostics
    for d in result.diagnostics:
        assert d.code in CODES and d.message and d.hint, d
        assert 1 <= d.line <= lines + 1 and d.column >= 1, d
    if result.document is not None:
        _check_positions(result.document.root, lines)


def _seed(folder: Path) -> None:
    if not folder.is_dir() or any(folder.iterdir()):
        return
    for source in sorted([*(ROOT / "scenarios").rglob("*.yaml"), *(ROOT / "tests" / "bad").glob("*.yaml")]):
        if source.stat().st_size <= BOUNDS["max_bytes"]:
            shutil.copyfile(source, folder / f"{source.parent.name}-{source.name}")


def main() -> None:
    folders = [Path(a) for a in sys.argv[1:] if not a.startswith("-")]
    for folder in folders:
        _seed(folder)
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
