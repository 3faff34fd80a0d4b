#!/usr/bin/env python3
"""Files of a Rust crate that import each other.

Every `.rs` file under a crate's `src/` is one module; an edge a -> b means that a names an
item of b by path (`use crate::b::X`, `super::X`, `child::f()`, `crate::X` re-exported from
b). Two files with edges both ways are a pair that imports each other; a longer cycle is a
ring. Test modules (`#[cfg(test)] mod tests { ... }`) are left out: tests may reach into the
module they check. Exits 1 when any pair or ring is found.

Usage: import-cycles.py CRATE_DIR...   (e.g. crates/*)
"""

import re
import sys
from pathlib import Path

PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
USE = re.compile(r"\buse\s+([^;]+);", re.S)
MOD_DECL = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)
CFG_TEST = re.compile(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+\w+\s*\{")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def strip_test_modules(text):
    """Removes `#[cfg(test)] mod x { ... }` blocks (brace-matched)."""
    while (m := CFG_TEST.search(text)) is not None:
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        text = text[: m.start()] + text[i:]
    return text


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e'] (aliases dropped)."""
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, s):
        if "{" not in s:
            out.append(prefix + s)
            return
        head, rest = s.split("{", 1)
        body = rest[: rest.rfind("}")]
        depth, start = 0, 0
        for i, ch in enumerate(body + ","):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                part = body[start:i]
                if part:
                    walk(prefix + head, part)
                start = i + 1

    walk("", tree)
    return out


def module_of(src, path):
    rel = path.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def crate_edges(crate_dir):
    src = Path(crate_dir) / "src"
    files = {}
    for f in sorted(src.rglob("*.rs")):
        if "bin" in f.relative_to(src).parts[:-1]:
            continue
        files[module_of(src, f)] = f
    texts = {m: strip_test_modules(strip_comments(f.read_text())) for m, f in files.items()}
    reexports = {m: reexports_of(m, t) for m, t in texts.items()}

    def resolve(path, seen=0):
        """The file module holding the item at absolute `path`."""
        for n in range(len(path), -1, -1):
            if path[:n] in files:
                mod, rest = path[:n], path[n:]
                if rest and rest[0] in reexports[mod] and seen < 8:
                    return resolve(reexports[mod][rest[0]] + rest[1:], seen + 1)
                return mod
        return ()

    edges = {m: set() for m in files}
    for m, text in texts.items():
        children = set(MOD_DECL.findall(text))
        for p in paths_in(text, children):
            target = resolve(absolute(m, files[m], p))
            if target != m and target in files:
                edges[m].add(target)
    return files, edges


def reexports_of(module, text):
    """`pub use a::b::Name;` in `module`: Name -> absolute path of what it names."""
    out = {}
    for tree in re.findall(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", text, re.S):
        for p in expand_use(tree):
            parts = p.split("::")
            if parts[-1] in ("*", "self"):
                continue
            out[parts[-1]] = absolute(module, None, parts)
    return out


def paths_in(text, children):
    """Every path the file names that may lead to another file of the crate."""
    found = []
    for tree in USE.findall(text):
        for p in expand_use(tree):
            parts = [x for x in p.split("::") if x]
            if parts and (parts[0] in ("crate", "super", "self") or parts[0] in children):
                found.append(parts)
    for m in PATH.finditer(text):
        found.append([m.group(1)] + [x for x in m.group(2).split("::") if x])
    for child in children:
        for m in re.finditer(rf"(?<![\w:]){child}((?:::\w+)+)", text):
            found.append([child] + [x for x in m.group(1).split("::") if x])
    return found


def absolute(module, _file, parts):
    parts = list(parts)
    base = list(module)
    if parts[0] == "crate":
        return tuple(parts[1:])
    if parts[0] == "self":
        return tuple(base + parts[1:])
    while parts and parts[0] == "super":
        base = base[:-1]
        parts = parts[1:]
    return tuple(base + parts)


def cycles(edges):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            visit(v)
    return out


def main(dirs):
    bad = 0
    for d in dirs:
        if not (Path(d) / "src").is_dir():
            continue
        files, edges = crate_edges(d)
        name = lambda m: str(files[m])
        for comp in cycles(edges):
            pairs = [(a, b) for a in comp for b in comp if a < b and b in edges[a] and a in edges[b]]
            kind = "pair" if len(comp) == 2 else f"ring of {len(comp)}"
            print(f"{kind}: " + ", ".join(sorted(name(m) for m in comp)))
            for a, b in pairs:
                print(f"  {name(a)} <-> {name(b)}")
            bad += 1
    print(f"import-cycles: {bad} cycle(s) in {len(dirs)} crate(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
