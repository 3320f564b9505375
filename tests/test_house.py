"""The house's imports (issue 37): no module under ``ovnilab/`` imports another after its
code has begun (an import at a module's end hides a cycle), and the classroom's modules
import one way, store and limits at the bottom, the server on top (function-level
imports count too; imports for type checking only do not)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "ovnilab"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _runtime_imports(tree: ast.Module, module: str, is_package: bool) -> set[str]:
    """The ovnilab modules ``module`` imports when it runs (resolved, relative ones too)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.startswith("ovnilab"))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = module.split(".")
                    base = base[: len(base) - child.level + (1 if is_package else 0)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                if target.startswith("ovnilab"):
                    found.add(target)
                    found.update(f"{target}.{a.name}" for a in child.names)
            visit(child)

    visit(tree)
    return found


def test_no_module_imports_after_its_code_begins():
    late = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        begun = False
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                begun = True
            elif begun and isinstance(node, (ast.Import, ast.ImportFrom)):
                late.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not late, f"imports after the module's code has begun: {late}"


def test_the_classroom_imports_form_no_cycle():
    folder = PACKAGE / "classroom"
    modules = {}
    for path in sorted(folder.rglob("*.py")):
        if path.name == "__main__.py":
            continue
        modules[_module_name(path)] = path
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for target in _runtime_imports(ast.parse(path.read_text(encoding="utf-8")), name,
                                       path.name == "__init__.py"):
            if target in modules and target != name:
                graph.add_edge(name, target)
    # the package's __init__ gathers its modules: it is the top, not a layer of its own
    graph.remove_node("ovnilab.classroom")
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, f"import cycles in the classroom: {cycles}"
    # store and limits at the bottom: they import no other module of the classroom
    for bottom in ("ovnilab.classroom.store", "ovnilab.classroom.limits"):
        assert not list(graph.successors(bottom)), (bottom, list(graph.successors(bottom)))


def test_the_caches_mutation_testing_empties_are_where_the_list_says():
    """tests/conftest.py empties these dictionaries before each test under mutmut; a cache
    moved to another module would silently stay full of the unmutated code's answers."""
    from tests.conftest import _CACHE_DICTS

    for module, name in _CACHE_DICTS:
        mod = importlib.import_module(module)
        assert isinstance(vars(mod).get(name), dict), f"{module} defines no dictionary {name}"


def test_every_module_level_dictionary_that_starts_empty_is_a_listed_cache_or_registry():
    """A cache added to the library (a dictionary made empty at import and filled later) must be
    in tests/conftest.py's list, or mutation testing maps and runs its function with one test
    only; the scan reads every module's top-level assignments."""
    from tests.conftest import _CACHE_DICTS, REGISTRIES

    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target, value = ((node.targets[0], node.value) if isinstance(node, ast.Assign) and len(node.targets) == 1
                             else (node.target, node.value) if isinstance(node, ast.AnnAssign) else (None, None))
            empty = (isinstance(value, ast.Dict) and not value.keys) or (
                isinstance(value, ast.Call) and not value.args and not value.keywords
                and getattr(value.func, "id", getattr(value.func, "attr", "")) in ("dict", "OrderedDict", "defaultdict"))
            if isinstance(target, ast.Name) and empty:
                found.add((module, target.id))
    assert ("ovnilab.cosmic.rules.components", "_TABLES") in found  # the scan finds what it looks for
    assert found == set(_CACHE_DICTS) | set(REGISTRIES), found ^ (set(_CACHE_DICTS) | set(REGISTRIES))
