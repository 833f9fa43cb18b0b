#!/usr/bin/env python3
"""Runs every example of docs/python.md and writes its real output below it.

Each ```python block followed by a plain ``` block: the code is run (each block in a fresh
namespace, stdout captured) and the plain block after it replaced by what it printed. Run from
the repository root after building the module:
    PYTHONPATH=build/python INBETWEEN_DATA=. /usr/bin/python3 docs/scripts/python_examples.py [docs/python.md]
"""
import contextlib
import io
import re
import sys

PAIR = re.compile(r"(```python\n(.*?)```\n\n```\n)(.*?)(```)", re.S)


def run(code):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<docs/python.md>", "exec"), {"__name__": "__example__"})
    return out.getvalue()


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/python.md"
    text = open(path, encoding="utf-8").read()
    count = 0

    def replace(m):
        nonlocal count
        count += 1
        return m.group(1) + run(m.group(2)) + m.group(4)

    text = PAIR.sub(replace, text)
    open(path, "w", encoding="utf-8").write(text)
    print(f"{path}: {count} examples run, their output written", file=sys.stderr)


if __name__ == "__main__":
    main()
