#!/usr/bin/env python3
"""Lists import cycles between the modules of each crate of the workspace; exits 1 if any.

Between crates Cargo forbids cycles; inside a crate nothing does, so this script checks. Each
source file is a module. A file depends on the module of every path it names: `use` trees and
paths in code starting with `crate::`, `super::` or `self::` (or a child module's name), and
the expansion of a macro it calls (`with_game!`, whose arms name every game). A path that ends
at an item re-exported with `pub use` is followed to the module that defines the item, so a
parent module that only re-exports its children does not depend on them. `mod` lines and unit
tests (`#[cfg(test)]` modules at the end of a file) are not dependencies.

    scripts/dev/module_cycles.py            # every crate of the workspace
    scripts/dev/module_cycles.py -v         # also print each crate's module graph
"""

import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CRATES = {
    "damka-rules": "crates/rules/src",
    "damka-engine": "crates/engine/src",
    "damka": "src",
    "damka-python": "crates/python/src",
}
# Macros exported at a crate's root, by the module that defines them.
MACROS = {"with_game": ("games",)}


def module_files(src):
    """Module path (tuple of names) -> file, for every .rs file under src (bins excluded)."""
    modules = {}
    for dirpath, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, src)
            if rel.startswith("bin" + os.sep) or rel == "main.rs":
                continue
            parts = rel[:-3].split(os.sep)
            if parts[-1] in ("mod", "lib"):
                parts = parts[:-1]
            modules[tuple(parts)] = path
    return modules


def source_without_tests(path):
    text = open(path, encoding="utf-8").read()
    cut = re.search(r"#\[cfg\(test\)\]\s*(pub\s+)?mod\s+\w+\s*\{", text)
    if cut:
        text = text[: cut.start()]
    # Comments and strings name paths that are not dependencies.
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    return text


def expand_use(tree):
    """The full paths of a use tree: `a::{b, c::{d, e}}` -> a::b, a::c::d, a::c::e."""
    tree = re.sub(r"\s+", "", tree)
    depth, start, items = 0, 0, []
    brace = tree.find("{")
    if brace < 0:
        return [tree.split(" as ")[0]]
    prefix, body = tree[:brace], tree[brace + 1 : tree.rindex("}")]
    for i, ch in enumerate(body):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(body[start:i])
            start = i + 1
    items.append(body[start:])
    paths = []
    for item in items:
        if item:
            paths.extend(prefix + p for p in expand_use(item))
    return paths


def parse(modules):
    """Per module: the paths it names, and its re-exports (name -> full path)."""
    named, reexports = {}, {}
    for module, path in modules.items():
        text = source_without_tests(path)
        uses, exports = [], {}
        for m in re.finditer(r"(^|[;{}\s])(pub(\([^)]*\))?\s+)?use\s+([^;]+);", text):
            public = m.group(2) is not None
            for full in expand_use(m.group(4)):
                full = re.sub(r"as\w+$", "", full)
                segments = [s for s in full.split("::") if s]
                if not segments:
                    continue
                if public:
                    last = segments[-1]
                    if last != "*" and last != "self":
                        exports[last] = segments
                else:
                    uses.append(segments)
        for m in re.finditer(r"\$?\b(crate|super|self)((::\w+)+)", text):
            segments = [m.group(1)] + [s for s in m.group(2).split("::") if s]
            uses.append(segments)
        for macro, home in MACROS.items():
            if re.search(r"\b" + macro + r"!", text):
                uses.append(["crate", *home])
        named[module] = uses
        reexports[module] = exports
    return named, reexports


def absolute(module, segments, modules):
    """The path from the crate root that `segments`, named in `module`, means."""
    first = segments[0]
    base = list(module)
    if first == "crate":
        return segments[1:]
    if first in ("super", "self"):
        rest = list(segments)
        while rest and rest[0] in ("super", "self"):
            if rest.pop(0) == "super" and base:
                base.pop()
        return base + rest
    # A child module, or (at the root) a module of the crate.
    if tuple(base + [first]) in modules:
        return base + segments
    if tuple([first]) in modules:
        return segments
    return None


def resolve(path, modules, reexports, seen=()):
    """The module that defines what `path` (from the crate root) names."""
    for cut in range(len(path), -1, -1):
        module = tuple(path[:cut])
        if module in modules:
            rest = path[cut:]
            if rest and rest[0] in reexports.get(module, {}) and (module, rest[0]) not in seen:
                target = absolute(module, reexports[module][rest[0]], modules)
                if target is not None:
                    return resolve(target + rest[1:], modules, reexports, seen + ((module, rest[0]),))
            return module
    return None


def cycles(graph):
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def main():
    verbose = "-v" in sys.argv[1:]
    found = False
    for crate, src in CRATES.items():
        modules = module_files(os.path.join(ROOT, src))
        named, reexports = parse(modules)
        graph = {m: set() for m in modules}
        for module, uses in named.items():
            for segments in uses:
                path = absolute(module, segments, modules)
                if path is None:
                    continue
                target = resolve(path, modules, reexports)
                if target is not None and target != module and target != ():
                    graph[module].add(target)
        name = lambda m: "::".join(m) or "(root)"
        if verbose:
            for module in sorted(graph):
                print(f"{crate} {name(module)} -> {', '.join(sorted(map(name, graph[module])))}")
        components = cycles(graph)
        for component in components:
            found = True
            print(f"{crate}: cycle between {', '.join(map(name, component))}")
        edges = sum(len(v) for v in graph.values())
        print(f"{crate}: {len(modules)} modules, {edges} dependencies, {len(components)} cycles")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
