#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Layers only go down (ARCHITECTURE.md's first rule), checked on every
# #include "..." line of the library (src/) and the front ends (apps/,
# python/src/, web/src/). From the bottom up:
#
#   src/support < src/model < src/engine < src/scale < src/puzzles
#     < src/frontend < the front ends (apps/, python/src/, web/src/)
#
# A file fails, named FILE:LINE, when it
#   - includes a header of a layer above its own (a private header by its
#     layer's folder, a public one under include/xcover/puzzles/ or
#     include/xcover/frontend* as the puzzles' or the front-end layer's);
#   - in src/puzzles/ or src/frontend/, includes a private header other than
#     support/'s and its own layer's (they use the others through the public
#     headers);
#   - in src/, names a private header otherwise than by its path from src/
#     ("engine/simd/isa.hpp"), or a folder of src/ that is no layer;
#   - in a front end, includes any private header of src/;
#   - anywhere (tests/ too), includes a path that climbs with "../".
#
#   python3 tests/check_includes.py [ROOT]     the tree at ROOT (default: this checkout)
#   python3 tests/check_includes.py --self-test  a small tree with one fault of each kind
import os
import re
import sys
import tempfile

LAYERS = ["support", "model", "engine", "scale", "puzzles", "frontend"]
FRONT_END = len(LAYERS)  # apps/, python/src/, web/src/: above every layer of src/
FRONT_ENDS = ["apps", "python/src", "web/src"]
# Public headers that belong to a layer above the bottom: include them from
# that layer up. The others (problem.hpp, solver.hpp, ...) any layer may use.
PUBLIC_LAYERS = {"xcover/puzzles/": "puzzles", "xcover/frontend": "frontend"}
# Layers that reach the others through the public headers alone.
PUBLIC_ONLY = {"puzzles", "frontend"}
SOURCES = (".cpp", ".hpp", ".h", ".cc", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
CLIMB = ".." + "/"  # (spelled apart so that no grep for the pattern finds this file)


def layer_name(rank):
    return LAYERS[rank] if rank < FRONT_END else "the front ends"


def files_under(root, folder):
    top = os.path.join(root, folder)
    for directory, subdirectories, files in os.walk(top):
        subdirectories.sort()
        for name in sorted(files):
            if name.endswith(SOURCES):
                yield os.path.relpath(os.path.join(directory, name), root)


def includes(root, path):
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as file:
        for number, line in enumerate(file, 1):
            match = INCLUDE.match(line)
            if match:
                yield number, match.group(1)


def own_rank(path):
    """The layer of a file of src/ or a front end, or None (another folder)."""
    parts = path.split("/")
    if parts[0] == "src" and len(parts) > 2:
        return LAYERS.index(parts[1]) if parts[1] in LAYERS else -1
    if any(path.startswith(front + "/") for front in FRONT_ENDS):
        return FRONT_END
    return None


def check_file(root, path, faults):
    rank = own_rank(path)
    layer = None if rank is None or rank < 0 else layer_name(rank)
    if rank == -1:
        faults.append(f"{path}:1: src/{path.split('/')[1]}/ is no layer "
                      f"(the layers: {', '.join(LAYERS)}; see tests/check_includes.py)")
        return
    for number, name in includes(root, path):
        where = f"{path}:{number}"
        if CLIMB in name or name.startswith(".."):
            faults.append(f'{where}: "{name}" climbs with "{CLIMB}": name it by its path '
                          f"from src/ (private) or as xcover/... (public)")
            continue
        if rank is None:
            continue  # tests/ and the like: only the climb is checked
        if name.startswith("xcover/"):
            for prefix, owner in PUBLIC_LAYERS.items():
                if name.startswith(prefix) and LAYERS.index(owner) > rank:
                    faults.append(f'{where}: "{name}" is a public header of {owner}, a layer '
                                  f"above {layer}")
            continue
        if rank == FRONT_END:
            if os.path.isfile(os.path.join(root, "src", name)) and not os.path.isfile(
                    os.path.join(root, os.path.dirname(path), name)):
                faults.append(f'{where}: "{name}" is a private header of the library: '
                              f"a front end uses the public headers (include/xcover/)")
            continue
        # A file of src/: a private header by its path from src/.
        target = name.split("/")[0]
        if not os.path.isfile(os.path.join(root, "src", name)):
            faults.append(f'{where}: "{name}" is not a path from src/ '
                          f"(private headers are named from src/, public ones xcover/...)")
            continue
        if target not in LAYERS:
            faults.append(f'{where}: "{name}" is in src/{target}/, which is no layer')
            continue
        if LAYERS.index(target) > rank:
            faults.append(f'{where}: "{name}" is in {target}, a layer above {layer}')
        elif layer in PUBLIC_ONLY and target not in ("support", layer):
            faults.append(f'{where}: "{name}" is a private header of {target}: {layer} '
                          f"uses the layers below it through the public headers "
                          f"(include/xcover/) or support/")


def check(root):
    faults = []
    paths = [path for folder in ["src"] + FRONT_ENDS + ["tests"]
             for path in files_under(root, folder)]
    for path in paths:
        check_file(root, path, faults)
    return faults, len(paths)


# The self-test's tree: each file with the faults it must be named for (the
# lines' numbers), so that the check is seen to fail on each kind of fault.
SELF_TEST = {
    "src/support/threads.hpp": ("", []),
    "src/model/problem.cpp": ('#include "support/threads.hpp"\n#include "xcover/problem.hpp"\n'
                              '#include "engine/search.hpp"\n', [3]),
    "src/engine/search.hpp": ('#include "model/problem.hpp"\n#include "scale/parallel.hpp"\n'
                              '#include "xcover/puzzles/sudoku.hpp"\n#include "search.hpp"\n',
                              [2, 3, 4]),
    "src/model/problem.hpp": ("", []),
    "src/scale/parallel.hpp": ('#include "engine/search.hpp"\n#include "' + CLIMB +
                               'engine/search.hpp"\n', [2]),
    "src/puzzles/sudoku.cpp": ('#include "support/threads.hpp"\n#include "puzzles/cells.hpp"\n'
                               '#include "scale/parallel.hpp"\n#include "xcover/solver.hpp"\n'
                               '#include "xcover/frontend/names.hpp"\n', [3, 5]),
    "src/puzzles/cells.hpp": ("", []),
    "src/frontend/names.cpp": ('#include "puzzles/cells.hpp"\n#include "frontend/names.hpp"\n'
                               '#include "xcover/puzzles/sudoku.hpp"\n', [1]),
    "src/frontend/names.hpp": ("", []),
    "src/gui/window.cpp": ("", [1]),
    "apps/cli/main.cpp": ('#include "cli/cli.hpp"\n#include "engine/search.hpp"\n'
                          '#include "xcover/frontend/names.hpp"\n', [2]),
    "apps/cli/cli.hpp": ("", []),
    "python/src/module.cpp": ('#include "bindings.hpp"\n', []),
    "python/src/bindings.hpp": ("", []),
    "web/src/bindings.cpp": ('#include "' + CLIMB + 'npm/x.hpp"\n', [1]),
    "tests/test_engine.cpp": ('#include "engine/search.hpp"\n#include "' + CLIMB +
                              'src/engine/search.hpp"\n', [2]),
}


def self_test():
    with tempfile.TemporaryDirectory() as root:
        for path, (text, _) in SELF_TEST.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as file:
                file.write(text)
        faults, _ = check(root)
    found = sorted(fault.split(": ")[0] for fault in faults)
    wanted = sorted(f"{path}:{line}" for path, (_, lines) in SELF_TEST.items() for line in lines)
    if found != wanted:
        print("check_includes self-test: the faults named are not those planted", file=sys.stderr)
        print("  named:   " + " ".join(found), file=sys.stderr)
        print("  planted: " + " ".join(wanted), file=sys.stderr)
        print("\n".join(faults), file=sys.stderr)
        return 1
    print(f"check_includes self-test: the {len(wanted)} faults planted are named, no other")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) > 2 or (len(argv) == 2 and argv[1].startswith("-")):
        print("usage: check_includes.py [ROOT] | --self-test", file=sys.stderr)
        return 2
    root = argv[1] if len(argv) == 2 else os.path.join(os.path.dirname(__file__), "..")
    faults, count = check(os.path.abspath(root))
    for fault in faults:
        print(fault, file=sys.stderr)
    if faults:
        print(f"check_includes: {len(faults)} includes break the layers "
              f"(ARCHITECTURE.md)", file=sys.stderr)
        return 1
    print(f"check_includes: {count} files, every include goes down")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
