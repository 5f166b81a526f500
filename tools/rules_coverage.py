"""Rules coverage: which rule ids are implemented and which tests show them.

    python tools/rules_coverage.py            print the table
    python tools/rules_coverage.py --write    rewrite the table in README.md
    python tools/rules_coverage.py --check    exit 1 if a done/partial rule has no test

A test shows a rule when the rule id appears in its name (test_h22_..., TestT5Facing) or
anywhere in its source (docstring, comments, strings).
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATUS = ROOT / "docs" / "rules.toml"
README = ROOT / "README.md"
BEGIN, END = "<!-- rules-coverage:begin -->", "<!-- rules-coverage:end -->"
ID = re.compile(r"\b([A-Z])-(\d+)\b")
NAME_ID = re.compile(r"(?:^|_|Test)([a-zA-Z])(\d+)(?=_|[A-Z]|$)")


def tests_by_rule() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text())
        src = path.read_text().splitlines()
        rel = path.relative_to(ROOT).as_posix()

        def visit(node: ast.AST, cls: str | None, src: list[str] = src, rel: str = rel) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.ClassDef) and child.name.startswith("Test"):
                    visit(child, child.name, src, rel)
                elif isinstance(child, ast.FunctionDef) and child.name.startswith("test"):
                    body = "\n".join(src[child.lineno - 1:child.end_lineno])
                    ids = {f"{a}-{n}" for a, n in ID.findall(body)}
                    for part in (child.name, cls or ""):
                        ids |= {f"{a.upper()}-{n}" for a, n in NAME_ID.findall(part)}
                    where = f"{rel}::{cls + '::' if cls else ''}{child.name}"
                    for i in ids:
                        found.setdefault(i, []).append(where)

        visit(tree, None)
    return found


def table() -> tuple[str, list[str]]:
    status = tomllib.loads(STATUS.read_text())
    families = status.pop("families", {})
    tests = tests_by_rule()
    rows = ["| Rule | What | Status | Shown by |", "|---|---|---|---|"]
    missing = []
    for rid, info in status.items():
        shown = tests.get(rid, [])
        if info["status"] != "not yet" and not shown:
            missing.append(rid)
        names = ", ".join(f"`{t.split('::')[-1]}`" for t in shown[:3])
        if len(shown) > 3:
            names += f" (+{len(shown) - 3})"
        st = info["status"] + (f": {info['note']}" if info.get("note") else "")
        rows.append(f"| {rid} | {info['title']} | {st} | {names or '-'} |")
    for letter, title in families.items():
        rows.append(f"| {letter}-* | {title} | not yet | - |")
    return "\n".join(rows), missing


def main(argv: list[str]) -> int:
    text, missing = table()
    if "--check" in argv:
        for rid in missing:
            print(f"{rid} is marked implemented but no test names it", file=sys.stderr)
        readme = README.read_text()
        if BEGIN in readme and readme.split(BEGIN)[1].split(END)[0].strip() != text.strip():
            print("README.md's rules table is stale: run python tools/rules_coverage.py "
                  "--write", file=sys.stderr)
            return 1
        return 1 if missing else 0
    if "--write" in argv:
        readme = README.read_text()
        head, rest = readme.split(BEGIN)
        _, tail = rest.split(END)
        README.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}")
        return 0
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
