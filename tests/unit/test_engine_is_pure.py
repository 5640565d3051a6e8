"""The scoring engine stands alone: no web framework, database or form library behind it."""

import ast
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = ROOT / "scorer" / "engine"
FORBIDDEN = ("flask", "sqlalchemy", "wtforms", "flask_", "scorer.web")


def is_forbidden(module):
    lowered = module.lower()
    return any(lowered == name or lowered.startswith(name + ".") for name in FORBIDDEN) or lowered.startswith("flask_")


def imported_modules(path):
    """Absolute names of every module a source file imports, relative imports resolved."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            yield module
            for alias in node.names:
                yield f"{module}.{alias.name}"
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in ("import_module", "__import__"):
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.args[0].value


def test_the_forbidden_check_recognises_web_modules():
    assert all(is_forbidden(name) for name in ["flask", "flask.views", "flask_babel", "sqlalchemy.orm", "wtforms", "scorer.web", "scorer.web.models"])
    assert not any(is_forbidden(name) for name in ["scorer.engine", "json", "dataclasses", "flaskless"])


def test_importing_the_engine_loads_no_web_database_or_form_module():
    code = "import json, sys, scorer.engine; print(json.dumps(sorted(sys.modules)))"
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT, timeout=60, check=True)
    modules = json.loads(finished.stdout)
    assert "scorer.engine" in modules
    assert [name for name in modules if is_forbidden(name)] == []


def test_no_engine_source_file_imports_a_web_database_or_form_module():
    sources = sorted(ENGINE.rglob("*.py"))
    assert sources, "the engine has no source files"
    offending = {
        str(path.relative_to(ROOT)): sorted(name for name in imported_modules(path) if is_forbidden(name))
        for path in sources
    }
    assert {path: names for path, names in offending.items() if names} == {}
