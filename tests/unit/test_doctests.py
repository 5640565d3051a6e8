"""The examples in the docstrings of the engine (its families too) and the tournaments are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import scorer.engine
import scorer.tournaments

MODULES = sorted(
    name
    for package in (scorer.engine, scorer.tournaments)
    for name in (package.__name__, *(m.name for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")))
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
