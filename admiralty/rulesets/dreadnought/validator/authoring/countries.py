"""Which GeoJSON country a ``--nation`` key names: its name, or an ISO 3166 code (alpha-2, alpha-3 or numeric).

Natural Earth files carry a country's name and one code (``iso_a3`` in the 1:110m file, the numeric ``id``
in the 1:10m one); :data:`ISO` relates the three forms for the countries of the bundled data, so that
``--nation ITA=italy``, ``--nation it=italy``, ``--nation 380=italy`` and ``--nation Italy=italy`` all name
the same country. Matching ignores case.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

# numeric, alpha-3, alpha-2 (ISO 3166-1)
ISO_ROWS = """
008 ALB AL  012 DZA DZ  020 AND AD  031 AZE AZ  040 AUT AT  051 ARM AM  056 BEL BE  070 BIH BA
100 BGR BG  112 BLR BY  191 HRV HR  196 CYP CY  203 CZE CZ  208 DNK DK  233 EST EE  234 FRO FO
246 FIN FI  248 ALA AX  250 FRA FR  268 GEO GE  275 PSE PS  276 DEU DE  292 GIB GI  300 GRC GR
348 HUN HU  364 IRN IR  368 IRQ IQ  372 IRL IE  376 ISR IL  380 ITA IT  400 JOR JO  422 LBN LB
428 LVA LV  434 LBY LY  438 LIE LI  440 LTU LT  442 LUX LU  470 MLT MT  492 MCO MC  498 MDA MD
499 MNE ME  504 MAR MA  528 NLD NL  578 NOR NO  616 POL PL  620 PRT PT  642 ROU RO  643 RUS RU
674 SMR SM  682 SAU SA  688 SRB RS  703 SVK SK  705 SVN SI  724 ESP ES  732 ESH EH  752 SWE SE
756 CHE CH  760 SYR SY  788 TUN TN  792 TUR TR  804 UKR UA  807 MKD MK  818 EGY EG  826 GBR GB
831 GGY GG  832 JEY JE  833 IMN IM
"""
ISO: list[tuple[str, str, str]] = []
_cells = ISO_ROWS.split()
for _i in range(0, len(_cells), 3):
    ISO.append((_cells[_i], _cells[_i + 1], _cells[_i + 2]))
NO_ISO = {"kosovo": {"xkx", "xk"}}  # names without an ISO code, and the codes in common use


def fold(text: str) -> str:
    """Case- and accent-insensitive form of a name or code: ``Åland`` and ``aland`` match."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().split())


def country_keys(properties: Mapping[str, object]) -> set[str]:
    """Every key a feature answers to: its name and the ISO codes its properties carry or imply."""
    name = str(properties.get("name", ""))
    given = {fold(str(properties[key])) for key in ("iso_a3", "iso_a2", "iso_n3", "id", "adm0_a3")
             if properties.get(key) not in (None, "", "-99")}
    keys = {fold(name), *given}
    keys |= NO_ISO.get(fold(name), set())
    for row in ISO:
        if {fold(code) for code in row} & keys:
            keys |= {fold(code) for code in row}
    return keys


def nation_of(properties: Mapping[str, object], nations: Mapping[str, str]) -> str | None:
    """The nation id ``nations`` gives the feature (by name or code), or ``None``."""
    keys = country_keys(properties)
    for key, nation in nations.items():
        if fold(key) in keys:
            return nation
    return None


def unmatched(nations: Iterable[str], features: Iterable[Mapping[str, Any]]) -> list[str]:
    """The ``--nation`` keys no feature answers to, each with the names it might have meant."""
    names = [str(f.get("properties", {}).get("name", "")) for f in features]
    keys = set().union(*(country_keys(f.get("properties", {})) for f in features))
    problems = []
    for key in nations:
        if fold(key) not in keys:
            close = difflib.get_close_matches(key, names, n=3, cutoff=0.6)
            problems.append(f"{key!r}" + (f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""))
    return problems
