"""Common YAML slips, put at the place where the author must type (issue 16, item 3).

PyYAML stops where the parse can no longer go on, which is often a line or two after the mistake: a missing
``: `` is noticed on the next line, an unclosed ``[`` or quote at the next key or at the end of the file, a
badly indented key where the block it broke ends. Each rule here recognises one slip from the parser's own
context and problem marks and the text around them, and names the line and column of the fix in plain words
with a concrete hint. Quote and flow slips are put at the character that opened the trouble (issue 36, item 6):
an apostrophe inside single quotes at that apostrophe, a quote left open at that quote (however far below the
parser noticed), an unclosed ``[`` or ``{`` at the bracket; their hints say what to type where. PyYAML's text
is kept at the end of the message as the detail. A slip that no rule recognises keeps the parser's position and
text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml


@dataclass(frozen=True)
class Slip:
    """Where to type (1-based line and column) and what."""

    line: int
    column: int
    message: str
    hint: str


_CLOSERS = {"[": "]", "{": "}"}
_KEY_THEN_VALUE = re.compile(r"^(\s*(?:-\s+)*)([^\s:#][^:#]*?)(\s+\S.*)?$")


def explain_slip(error: yaml.MarkedYAMLError, text: str) -> Slip | None:
    """The slip behind a syntax error, or ``None`` when it is not one of the common ones."""
    lines = text.splitlines()
    for rule in (_tab, _missing_colon, _quote_in_quotes, _runaway_quote, _unclosed_flow, _unclosed_quote,
                 _indented_too_far, _bad_indentation):
        try:
            slip = rule(error, lines)
        except (IndexError, ValueError, TypeError):  # marks past the text's end: keep the parser's own place
            slip = None
        if slip is not None:
            return slip
    return None


def _detail(error: yaml.MarkedYAMLError) -> str:
    return " ".join(str(p) for p in (error.context, error.problem) if p)


def _line(lines: list[str], index: int) -> str:
    return lines[index] if 0 <= index < len(lines) else ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _last_content_line(lines: list[str], before: int) -> int:
    """Index of the last line before ``before`` that holds something other than blanks and a comment."""
    index = min(before, len(lines)) - 1
    while index > 0 and not lines[index].split("#", 1)[0].strip():
        index -= 1
    return max(index, 0)


def _spaces(count: int) -> str:
    return "no spaces" if count == 0 else "1 space" if count == 1 else f"{count} spaces"


def _tab(error: yaml.MarkedYAMLError, lines: list[str]) -> Slip | None:
    mark = error.problem_mark
    if mark is None:
        return None
    line = _line(lines, mark.line)
    tab = line.find("\t")
    if tab < 0 or line[:tab].strip():
        return None
    return Slip(mark.line + 1, tab + 1, f"line {mark.line + 1} is indented with a tab; YAML indents with spaces "
                f"only ({_detail(error)})", "replace the tab with spaces, as many as the lines at the same level use")


def _missing_colon(error: yaml.MarkedYAMLError, lines: list[str]) -> Slip | None:
    """A key written without its ``: `` (``name Lissa``, ``sides`` above its list) or with no space after the
    colon (``id:x``, read as one word)."""
    if "could not find expected ':'" not in str(error.problem) or error.context_mark is None:
        return None
    number = error.context_mark.line
    line = _line(lines, number)
    glued = re.search(r"([^\s:-][^\s:]*):([^\s:]\S*)", line)
    if glued is not None:
        key, word = glued[1], glued[2]
        return Slip(number + 1, glued.start(2) + 1, f"'{key}:{word}' has no space after its ':', so YAML reads it "
                    f"as one word, not a key and a value ({_detail(error)})",
                    f"type a space after the ':': '{key}: {word}'")
    match = _KEY_THEN_VALUE.match(line)
    if match is None:
        return None
    key, value = match[2].strip(), (match[3] or "").strip()
    column = len(match[1]) + len(match[2].rstrip()) + 1
    written = f"{key}: {value}" if value else f"{key}:"
    return Slip(number + 1, column, f"the key '{key}' on line {number + 1} has no ':' after it "
                f"({_detail(error)})", f"type ': ' after the key: '{written}'")


def _open_brackets(lines: list[str], last: int) -> list[tuple[str, int, int]]:
    """The ``[`` and ``{`` still open at the end of line ``last``: (closer, line, column), 0-based, outermost
    first. Quoted text and comments are skipped."""
    stack: list[tuple[str, int, int]] = []
    for number in range(last + 1):
        quote = ""
        for column, char in enumerate(lines[number]):
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'" and (column == 0 or lines[number][column - 1] in " [{,:"):
                quote = char
            elif char == "#" and (column == 0 or lines[number][column - 1] == " "):
                break
            elif char in _CLOSERS:
                stack.append((_CLOSERS[char], number, column))
            elif stack and char == stack[-1][0]:
                stack.pop()
    return stack


def _unclosed_flow(error: yaml.MarkedYAMLError, lines: list[str]) -> Slip | None:
    """A ``[`` or ``{`` never closed: the closers go at the end of the last line the list or mapping holds."""
    context = str(error.context or "")
    if not context.startswith("while parsing a flow") or error.problem_mark is None or not lines:
        return None
    # The parser notices on the line after the list or mapping should have ended (the next key, or the end of
    # the file): the closers belong at the end of the line before it.
    last = _last_content_line(lines, min(error.problem_mark.line, len(lines)))
    stack = _open_brackets(lines, last)
    if not stack:
        return None
    closers = "".join(closer for closer, _, _ in reversed(stack))
    _, line, column = stack[0]
    what = "list" if stack[0][0] == "]" else "mapping"
    # at the bracket that opened the trouble (issue 36, item 6); the hint says where the closers go
    return Slip(line + 1, column + 1, f"the {what} opened with '{lines[line][column]}' at line "
                f"{line + 1}, column {column + 1} is never closed ({_detail(error)})",
                f"type '{closers}' at the end of line {last + 1}")


def _unclosed_quote(error: yaml.MarkedYAMLError, lines: list[str]) -> Slip | None:
    if str(error.context or "") != "while scanning a quoted scalar" or error.context_mark is None:
        return None
    opened = error.context_mark
    line = _line(lines, opened.line)
    quote = line[opened.column:opened.column + 1] or '"'
    return Slip(opened.line + 1, opened.column + 1, f"the quote {quote} opened at line {opened.line + 1}, column "
                f"{opened.column + 1} is never closed ({_detail(error)})",
                f"type the closing {quote} at the end of line {opened.line + 1}")


_VALUE_START = " \t-:[{,"  # a quote after one of these (or at the line's start) opens a quoted scalar


def _quoted_spans(line: str) -> list[tuple[int, int]]:
    """The quoted scalars of one line that open where a value starts: (opening column, closing column or -1 when
    the quote is not closed on the line), 0-based. ``''`` inside single quotes and ``\\"`` inside double quotes
    are the quote itself, not its end; a comment ends the scan."""
    spans: list[tuple[int, int]] = []
    column = 0
    while column < len(line):
        char = line[column]
        if char == "#" and (column == 0 or line[column - 1] in " \t"):
            break
        if char in "'\"" and (column == 0 or line[column - 1] in _VALUE_START):
            end = _closing(line, column)
            spans.append((column, end))
            if end < 0:
                break
            column = end
        column += 1
    return spans


def _closing(line: str, opened: int) -> int:
    """The column of the quote closing the one at ``opened``, or -1."""
    quote, column = line[opened], opened + 1
    while column < len(line):
        if quote == '"' and line[column] == "\\":
            column += 2
            continue
        if line[column] == quote:
            if quote == "'" and line[column + 1:column + 2] == "'":
                column += 2
                continue
            return column
        column += 1
    return -1


def _rewritten(text: str, quote: str) -> tuple[str, str]:
    """``text`` (what the author meant, quotes and all inside) written in ``quote`` quotes correctly, and in the
    other kind."""
    if quote == "'":
        return "'" + text.replace("'", "''") + "'", '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"', "'" + text.replace("'", "''") + "'"


def _quote_in_quotes(error: yaml.MarkedYAMLError, lines: list[str]) -> Slip | None:
    """An apostrophe inside single quotes (``'Jamin's brigade'``), or a double quote inside double quotes: the
    quoted text ends there and what follows cannot be read. Reported at that quote (issue 36, item 6)."""
    mark = error.problem_mark
    if mark is None or mark.column == 0:
        return None
    line = _line(lines, mark.line)
    inner = mark.column - 1
    span = next(((start, end) for start, end in _quoted_spans(line) if end == inner), None)
    if span is None or not (line[mark.column:mark.column + 1].isalnum()):
        return None
    quote, start = line[inner], span[0]
    last = line.rfind(quote)
    meant = line[start + 1:last] if last > inner else line[start + 1:]
    right, other = _rewritten(meant, quote)
    doubled = "double the quote" if quote == "'" else "write it \\\""
    return Slip(mark.line + 1, inner + 1, f"the quote {quote} at line {mark.line + 1}, column {inner + 1} ends the "
                f"quoted text that opened at column {start + 1}, so YAML cannot read what follows it "
                f"({_detail(error)})", f"{doubled}: {right}, or use {'double' if quote == chr(39) else 'single'} "
                f"quotes: {other}")


def _runaway_quote(error: yaml.MarkedYAMLError, lines: list[str]) -> Slip | None:
    """A quote not closed on its line: YAML reads on, across lines, to the next quote of its kind, and fails just
    after it, often many lines further down. Reported at the quote that opened it (issue 36, item 6)."""
    mark = error.problem_mark
    if mark is None:
        return None
    for number in range(min(mark.line, len(lines))):
        spans = _quoted_spans(lines[number])
        if not spans or spans[-1][1] >= 0:
            continue
        start = spans[-1][0]
        quote = lines[number][start]
        closed_at = _closed_below(lines, number, quote)
        if closed_at is None or not closed_at <= mark.line <= closed_at + 1:
            return None  # a quoted text over several lines that ends well before the error: meant so
        return Slip(number + 1, start + 1, f"the quote {quote} opened at line {number + 1}, column {start + 1} is not "
                    f"closed on its line, so YAML reads on to the next {quote} at line {closed_at + 1} and stops "
                    f"after it ({_detail(error)})", f"type the closing {quote} at the end of line {number + 1}")
    return None


def _closed_below(lines: list[str], number: int, quote: str) -> int | None:
    """The line (index) after ``number`` holding the next ``quote`` (``''`` and ``\\"`` are no end), or None."""
    for below in range(number + 1, len(lines)):
        text = quote + lines[below]  # as if the quoted text went on from the line's start
        if _closing(text, 0) >= 0:
            return below
    return None


def _indented_too_far(error: yaml.MarkedYAMLError, lines: list[str]) -> Slip | None:
    """``key: value`` followed by a line indented further: that line reads as more of the value."""
    if "mapping values are not allowed" not in str(error.problem) or error.problem_mark is None:
        return None
    number = error.problem_mark.line
    previous = _last_content_line(lines, number)
    here, above = _line(lines, number), _line(lines, previous)
    if previous == number or _indent(here) <= _indent(above) or not re.search(r":\s+\S", above):
        return Slip(number + 1, error.problem_mark.column + 1, "a second ': ' on one line: YAML cannot tell the "
                    f"key from the value ({_detail(error)})", "quote the value that holds ': ' (key: \"a: b\")")
    key = here.strip().split(":")[0]
    return Slip(number + 1, 1, f"line {number + 1} is indented more than line {previous + 1}, so '{key}' reads as "
                f"more of the value on line {previous + 1} ({_detail(error)})",
                f"indent '{key}:' by {_spaces(_indent(above))}, like the key on line {previous + 1}")


def _levels(lines: list[str], before: int) -> dict[int, int]:
    """Indentation levels open above line ``before``: level -> the last line (index) that uses it."""
    levels: dict[int, int] = {}
    for index in range(before):
        line = lines[index]
        if not line.split("#", 1)[0].strip():
            continue
        indent = _indent(line)
        levels = {level: at for level, at in levels.items() if level < indent}
        levels[indent] = index
        dash = re.match(r"(\s*-\s+)\S", line)
        if dash:
            levels[len(dash[1])] = index  # the keys of a list item's mapping
    return levels


def _bad_indentation(error: yaml.MarkedYAMLError, lines: list[str]) -> Slip | None:
    """A key or list item whose indentation matches no level open above it, or a list item put where the
    keys of a mapping are."""
    detail = _detail(error)
    if not re.search(r"expected key|expected '-' indicator|expected <block end>", detail) or not error.problem_mark:
        return None
    number = error.problem_mark.line
    here = _line(lines, number)
    indent, item = _indent(here), here.lstrip().startswith("- ")
    levels = _levels(lines, number)
    if not levels:
        return None
    what = f"'{here.strip().split(':')[0]}'" if not item else "the list item"
    if indent in levels and not item and re.match(r"\s*-\s", lines[levels[indent]]):
        above = levels[indent]
        keys = len(re.match(r"\s*-\s+", lines[above])[0])  # type: ignore[index]
        return Slip(number + 1, 1, f"{what} on line {number + 1} is indented like the list items above it (line "
                    f"{above + 1}), where a key cannot stand ({detail})", f"indent it by {_spaces(keys)} to keep it "
                    f"in the item of line {above + 1}, or start a new item with '- '")
    if indent in levels and item:
        siblings = [at for at in levels.values() if re.match(r"\s*-\s", lines[at])]
        if siblings:
            target = _indent(lines[siblings[-1]])
            return Slip(number + 1, 1, f"{what} on line {number + 1} is indented like the keys of a mapping, where "
                        f"a list item cannot stand ({detail})", f"indent it by {_spaces(target)}, like the item on "
                        f"line {siblings[-1] + 1}, or give it a key")
    nearest = min(levels, key=lambda level: (abs(level - indent), -level))
    return Slip(number + 1, 1, f"{what} on line {number + 1} is indented by {_spaces(indent)}, which matches no "
                f"level above it ({detail})", f"indent it by {_spaces(nearest)}, like line {levels[nearest] + 1}")
