"""A faster ``__init__`` for the frozen values the replay makes for every deal.

A frozen dataclass sets each field with ``object.__setattr__``, one call per
field: for the outcome and the scored deal of every deal that is most of
what scoring it costs. :func:`quick_init` gives a frozen dataclass without
slots an ``__init__`` of the very same signature that sets the instance's
``__dict__`` to a dict of every field at once. The value stays frozen:
setting a field afterwards still raises ``FrozenInstanceError``.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace a frozen, unslotted dataclass's ``__init__`` by one that sets every field at once."""
    if "__slots__" in cls.__dict__ or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}: quick_init is for frozen dataclasses without slots")
    defaults: dict[str, Any] = {}
    positional: list[str] = []
    keyword: list[str] = []
    for f in fields(cls):  # type: ignore[arg-type]
        if not f.init:
            continue
        if f.default is not MISSING:
            defaults[f"_d_{f.name}"] = f.default
            spec = f"{f.name}=_d_{f.name}"
        elif f.default_factory is not MISSING:
            defaults[f"_f_{f.name}"] = f.default_factory
            defaults["_NOTHING"] = _NOTHING
            spec = f"{f.name}=_NOTHING"
        else:
            spec = f.name
        (keyword if f.kw_only else positional).append(spec)
    names = [f.name for f in fields(cls) if f.init]  # type: ignore[arg-type]
    factories = [
        f"    if {f.name} is _NOTHING: {f.name} = _f_{f.name}()\n"
        for f in fields(cls) if f.init and f.default_factory is not MISSING  # type: ignore[arg-type]
    ]
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    # The instance's __dict__ is set to a new dict of every field, made at once.
    # Reading self.__dict__ would make a dict that shares its keys with the
    # class's other instances: the interpreter reads the fields of such a
    # dict by the slow way (3.11), and of a dict of its own by the quick one.
    defaults["_set"] = object.__setattr__
    body = "".join(factories) + (
        "    _set(self, '__dict__', {" + ", ".join(f"{n!r}: {n}" for n in names) + "})\n"
    )
    if hasattr(cls, "__post_init__"):
        body += "    self.__post_init__()\n"
    namespace: dict[str, Any] = {}
    exec(f"def __init__({signature}):\n{body}", defaults, namespace)  # noqa: S102
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


class _Nothing:
    """Stands for an argument not given, where the field's default is made by a factory."""

    def __repr__(self) -> str:
        return "<nothing>"


_NOTHING = _Nothing()


def quick_replace(value: T, **changes: Any) -> T:
    """``dataclasses.replace`` for a value made by a :func:`quick_init` ``__init__``, at once.

    Such a value holds every field in its ``__dict__``; the copy takes them
    with the changes over them (no ``__post_init__`` runs again).
    """
    copy = object.__new__(type(value))
    object.__setattr__(copy, "__dict__", value.__dict__ | changes)  # one new dict, made at once
    return copy


def plain(mapping: Mapping[str, int]) -> dict[str, int]:
    """A plain dict of the mapping, to change or to write: a proxy's own copy.

    ``dict(proxy)`` goes key by key through the mapping protocol; the copy
    of a ``MappingProxyType`` (or of a dict) is the dict's own, several times faster.
    """
    if type(mapping) is MappingProxyType or type(mapping) is dict:
        return mapping.copy()
    return dict(mapping)
