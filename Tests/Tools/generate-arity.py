#!/usr/bin/env python3
"""Generates RxCore's arity code (zip/combineLatest for 2…8 sources) from the templates in Tests/Tools/Arity.

    python3 Tests/Tools/generate-arity.py           # rewrite the generated files
    python3 Tests/Tools/generate-arity.py --check   # exit 1 and name the files that differ (CI runs this)

RxSwift generates the same family from `.tt` templates; this is the dependency-free equivalent (python3 only).

Template language (deliberately tiny):
- `@arity 2...8` starts the block repeated once per arity; everything before it is written once, after the
  generated header. The block runs to the end of the file.
- `{N}` is the arity; `{VAR}` (upper case) is a variable the OUTPUTS table below gives the output.
- A line whose first non-blank characters are `@each ` is written once per source i = 1…N, with `{i}` the
  1-based and `{j}` the 0-based index; a trailing `,?` becomes `,` on every repetition but the last.
- `@fill ` is the same list written compactly: the repetitions joined by ", " and wrapped at 120 columns.
- `{{pattern}}` inside a line is the pattern repeated for i = 1…N, joined with ", " (`{i}`, `{j}` as above).
"""

import difflib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEMPLATES = pathlib.Path("Tests/Tools/Arity")
COMMAND = "python3 Tests/Tools/generate-arity.py"

# output path → (template file, variables)
OUTPUTS = {
    "Sources/RxCore/Observables/Zip+arity.swift": ("Zip+arity.swift.tt", {}),
    "Sources/RxCore/Observables/CombineLatest+arity.swift": ("CombineLatest+arity.swift.tt", {}),
    # One set of overloads for Single and Maybe (both traits conform to `_PrimitiveSequenceZipTrait`).
    "Sources/RxCore/Traits/PrimitiveSequence+Zip.swift": ("PrimitiveSequence+Zip.swift.tt", {}),
    "Sources/RxCore/Traits/Infallible/Infallible+Zip+arity.swift": ("Infallible+Zip+arity.swift.tt", {}),
    "Sources/RxCore/Traits/Infallible/Infallible+CombineLatest+arity.swift": (
        "Infallible+CombineLatest+arity.swift.tt",
        {},
    ),
}


def expand_indices(text, i):
    return text.replace("{i}", str(i)).replace("{j}", str(i - 1))


def expand_line(line, arity, variables):
    indices = range(1, arity + 1)
    line = re.sub(r"\{\{(.*?)\}\}(?!\})", lambda m: ", ".join(expand_indices(m.group(1), i) for i in indices), line)
    line = line.replace("{N}", str(arity))
    for name, value in variables.items():
        line = line.replace("{" + name + "}", value)
    stripped = line.lstrip()
    indent = line[: len(line) - len(stripped)]
    if stripped.startswith("@fill "):
        rest = stripped[len("@fill ") :]
        return fill(indent + rest[: len(rest) - len(rest.lstrip())], rest.lstrip(), arity)
    if not stripped.startswith("@each "):
        return [line]
    body = indent + stripped[len("@each ") :]
    lines = []
    for i in range(1, arity + 1):
        repeated = expand_indices(body, i)
        if repeated.endswith(",?"):
            repeated = repeated[:-2] + ("," if i < arity else "")
        lines.append(repeated)
    return lines


def fill(indent, pattern, arity, width=120):
    """The pattern for i = 1…N as a comma-separated list, wrapped greedily at `width` columns."""
    trailing = not pattern.endswith(",?")
    item = pattern[:-2] if pattern.endswith(",?") else pattern.rstrip(",")
    items = [expand_indices(item, i) for i in range(1, arity + 1)]
    lines, current = [], ""
    for item in items:
        candidate = f"{current} {item}," if current else f"{item},"
        if current and len(indent) + len(candidate) > width:
            lines.append(indent + current)
            current = f"{item},"
        else:
            current = candidate
    lines.append(indent + current)
    if not trailing:
        lines[-1] = lines[-1][:-1]
    return lines


def render(template_name, variables):
    template = (ROOT / TEMPLATES / template_name).read_text().splitlines()
    header = [
        f"// Generated — do not edit. Template: {TEMPLATES / template_name}",
        f"// Regenerate: `{COMMAND}` (CI fails when this file differs from the template's output).",
    ]
    start = next(index for index, line in enumerate(template) if line.startswith("@arity "))
    low, high = (int(n) for n in template[start].split()[1].split("..."))
    out = header + [line for raw in template[:start] for line in expand_line(raw, 0, variables)]
    for arity in range(low, high + 1):
        for raw in template[start + 1 :]:
            out.extend(expand_line(raw, arity, variables))
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def main(argv):
    check = "--check" in argv
    stale = []
    for output, (template_name, variables) in OUTPUTS.items():
        path = ROOT / output
        text = render(template_name, variables)
        current = path.read_text() if path.exists() else ""
        if current == text:
            continue
        if check:
            stale.append(output)
            diff = difflib.unified_diff(current.splitlines(), text.splitlines(), output, "generated", lineterm="", n=1)
            sys.stderr.write("\n".join(list(diff)[:20]) + "\n")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print(f"wrote {output}")
    if stale:
        sys.stderr.write(
            f"error: {len(stale)} generated file(s) differ from their template: {', '.join(stale)}\n"
            f"edit the template under {TEMPLATES} and run `{COMMAND}`\n"
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
