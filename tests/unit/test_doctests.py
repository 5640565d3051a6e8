"""The examples in the engine's docstrings are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import scorer.engine

MODULES = sorted(
    ["scorer.engine", *(f"scorer.engine.{m.name}" for m in pkgutil.iter_modules(scorer.engine.__path__))]
)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_engine_has_docstring_examples() -> None:
    finder = doctest.DocTestFinder()
    found = sum(
        len(test.examples) for name in MODULES for test in finder.find(importlib.import_module(name))
    )
    assert found >= 3
