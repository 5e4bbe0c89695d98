"""The house tables' check is kept on disk by content hash: a later process reads the checked tables
instead of checking them again (no meta-schema check, no jsonschema import), and any changed input is
checked afresh."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from admiralty.engine import tables as tables_module
from admiralty.engine.tables import HouseTables, TablesError


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("ADMIRALTY_CACHE_DIR", str(folder))
    tables_module._base_json.cache_clear()
    tables_module._merged_json.cache_clear()
    yield folder
    tables_module._base_json.cache_clear()
    tables_module._merged_json.cache_clear()


def _house(tmp_path: Path, hit_on: int) -> HouseTables:
    schema = tmp_path / "r" / "tables.schema.json"
    schema.parent.mkdir(exist_ok=True)
    schema.write_text(json.dumps({"type": "object", "properties": {"hit_on": {"type": "integer", "maximum": 6}},
                                  "additionalProperties": False}))
    data = tmp_path / "tables.yaml"
    data.write_text(f"hit_on: {hit_on}\n")
    return HouseTables("r", data, schema)


def test_checked_tables_are_kept_and_read_back(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    house = _house(tmp_path, 4)
    assert house.base() == {"hit_on": 4}
    kept = list(cache.glob("tables-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == {"hit_on": 4}
    tables_module._base_json.cache_clear()  # a new process, as far as the tables go

    def no_check(self: HouseTables, tables: object) -> None:
        raise AssertionError("checked again")

    monkeypatch.setattr(HouseTables, "check", no_check)
    assert house.base() == {"hit_on": 4}


def test_a_changed_input_is_checked_again_and_a_failed_check_keeps_nothing(cache: Path, tmp_path: Path) -> None:
    assert _house(tmp_path, 4).base() == {"hit_on": 4}
    tables_module._base_json.cache_clear()
    with pytest.raises(TablesError, match="hit_on"):
        _house(tmp_path, 9).base()  # the file changed: another key, checked, and it fails
    assert len(list(cache.glob("tables-*.json"))) == 1
    with pytest.raises(TablesError, match="hit_on"):
        _house(tmp_path, 4).merged({"hit_on": 7})  # overrides are part of the key too
    assert len(list(cache.glob("tables-*.json"))) == 1


def test_a_corrupt_cache_file_is_checked_again_and_replaced(cache: Path, tmp_path: Path) -> None:
    house = _house(tmp_path, 3)
    house.base()
    [kept] = cache.glob("tables-*.json")
    kept.write_text("{not json")
    tables_module._base_json.cache_clear()
    assert house.base() == {"hit_on": 3}
    assert json.loads(kept.read_text()) == {"hit_on": 3}


def test_without_a_cache_folder_tables_are_checked_in_every_process(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADMIRALTY_CACHE_DIR", "off")
    tables_module._base_json.cache_clear()
    assert _house(tmp_path, 2).base() == {"hit_on": 2}
    assert not (tmp_path / "cache").exists()
    tables_module._base_json.cache_clear()


def test_a_process_with_cached_tables_does_not_import_jsonschema_for_them(tmp_path: Path) -> None:
    """The way a user meets it: the second process reads the tables without the meta-schema check."""
    env = {**os.environ, "ADMIRALTY_CACHE_DIR": str(tmp_path / "cache")}
    code = ("import sys; from admiralty.rulesets.dreadnought.engine.tables import base_tables; base_tables(); "
            "print('jsonschema' in sys.modules)")
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout.strip() == "True" and second.stdout.strip() == "False"
