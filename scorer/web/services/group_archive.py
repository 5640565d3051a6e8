"""A group's archive: its lists as list files and its group.json, in one zip, out and back in.

An import reads and checks the whole archive first (``read_group_archive``)
and stores it after (``import_group``), so that the view can weigh what it
would make before anything is kept: each list it makes draws on the client's
budget of new lists (scorer/web/limits.py). What an import reads is bounded
by what group.json names, not only by the zip's members: one small file
named many times would otherwise be stored, and replayed, many times.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorer.engine import N_, ScoringError, load_list, parse_document
from scorer.web.extensions import db
from scorer.web.models import GroupRow, SavedHouseRulesRow, ScoreListRow
from scorer.web.services.base import transaction
from scorer.web.services.files import export_document
from scorer.web.services.groups import (
    _checked_name, _checked_players, create_group, group_lists, group_made_with,
)
from scorer.web.services.lists import _check_ends, create_list
from scorer.web.services.state import list_state
from scorer.web.services.saved_house_rules import all_house_rules, checked_house_rules

#: The group archive's format.
GROUP_FORMAT = "schafkopf-group/1"
#: A Stammtisch that meets every week plays some 50 evenings a year: an archive
#: holds the lists of ten years (and its zip as many list files, and group.json).
MAX_ARCHIVE_LISTS = 500
#: A long evening at one table runs to some 100 deals: an archive holds that many
#: for each list it may hold, however they are spread over its lists. Storing
#: 10,000 deals takes the server about a second.
MAX_ARCHIVE_DEALS = MAX_ARCHIVE_LISTS * 100
#: The most one list file, and all of the zip's files together, may unpack to.
MAX_ARCHIVE_FILE = 1024 * 1024
MAX_ARCHIVE_TOTAL = 32 * 1024 * 1024
#: The most saved house rules an archive brings in.
MAX_ARCHIVE_HOUSE_RULES = 200


def _stem(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:40] or "list"


def export_group(group: GroupRow, *, with_house_rules: bool = False) -> bytes:
    """The group as a zip: group.json (name, players, the lists' dates) and each list's file.

    ``with_house_rules``: group.json carries the group's saved house rules too;
    only for whoever holds the group's edit key.
    """
    entries = []
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for number, row in enumerate(group_lists(group), start=1):
            path = f"lists/{number:03d}-{_stem(row.title)}.json"
            document = export_document(list_state(row))
            archive.writestr(path, json.dumps(document, ensure_ascii=False, indent=2) + "\n")
            entries.append({
                "file": path,
                "created_at": row.created_at.isoformat(),
                "finished_at": row.finished_at.isoformat() if row.finished_at else None,
            })
        manifest = {"format": GROUP_FORMAT, "name": group.name, "players": list(group.players),
                    "lists": entries}
        if with_house_rules:
            manifest["presets"] = [{"name": p.name, "rules": p.rules}
                                   for p in all_house_rules(owner=None, group=group)]
        archive.writestr("group.json", json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")
    return out.getvalue()


def archive_name(group: GroupRow) -> str:
    """A safe file name for the group's archive."""
    return f"schafkopf-group-{_stem(group.name)}.zip"


@dataclass(frozen=True)
class ArchivedList:
    """One list of an archive, checked: its list file and its dates."""

    document: Mapping[str, Any]
    created_at: datetime | None
    finished_at: datetime | None


@dataclass(frozen=True)
class GroupArchive:
    """A group archive read and checked, nothing of it stored yet."""

    name: str
    players: tuple[str, ...]
    lists: tuple[ArchivedList, ...]
    #: The group's saved house rules, by name.
    house_rules: Mapping[str, dict[str, Any]]


@dataclass(frozen=True)
class ImportedGroup:
    """A group brought in from an archive: its edit key, and each new list with its key."""

    group: GroupRow
    key: str
    lists: tuple[tuple[ScoreListRow, str], ...]


def _read(archive: zipfile.ZipFile, path: str, key: str) -> Any:
    try:
        info = archive.getinfo(path)
    except KeyError:
        raise ScoringError(key, N_("%(file)s is missing from the archive"), file=path) from None
    if info.file_size > MAX_ARCHIVE_FILE:
        raise ScoringError(key, N_("%(file)s is too big"), file=path)
    return parse_document(archive.read(info))


def _when(value: Any, key: str) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value).replace(tzinfo=None)
    except (TypeError, ValueError):
        raise ScoringError(key, N_("is not a date: %(value)s"), value=str(value)[:40]) from None


def _archive_house_rules(value: Any) -> dict[str, dict[str, Any]]:
    """The saved house rules of group.json, checked, by name (a later one of a name wins)."""
    if value is None:
        return {}
    if not isinstance(value, list) or not all(isinstance(p, Mapping) for p in value):
        raise ScoringError("presets", N_("must be a list of objects"))
    if len(value) > MAX_ARCHIVE_HOUSE_RULES:
        raise ScoringError("presets", N_("is too big"))
    saved = {}
    for entry in value:
        try:
            name, rules = checked_house_rules(entry.get("name"), entry.get("rules"))
        except ScoringError as error:
            raise ScoringError("presets", N_("%(file)s: %(reason)s"),
                               file=str(entry.get("name"))[:60], reason=error.message) from None
        saved[name] = rules
    return saved


def _list_files(manifest: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The list files group.json names, each with its entry: at most so many, each once."""
    entries = manifest.get("lists") or []
    if not isinstance(entries, list) or not all(isinstance(e, Mapping) for e in entries):
        raise ScoringError("group.json", N_("its lists must be a list of objects"))
    if len(entries) > MAX_ARCHIVE_LISTS:
        raise ScoringError("lists", N_("an archive holds at most %(most)s lists"),
                           most=MAX_ARCHIVE_LISTS)
    named: set[str] = set()
    for entry in entries:
        path = str(entry.get("file", ""))
        if path in named:
            raise ScoringError("lists", N_("%(file)s is named twice in group.json"), file=path)
        named.add(path)
    return [(str(entry.get("file", "")), entry) for entry in entries]


@contextmanager
def _of_file(path: str) -> Iterator[None]:
    """Say a list file's error as the file's."""
    try:
        yield
    except ScoringError as error:
        raise ScoringError("lists", N_("%(file)s: %(reason)s"), file=path,
                           reason=error.message) from None


def _deal_count(document: Any) -> int:
    deals = document.get("deals") if isinstance(document, Mapping) else None
    return len(deals) if isinstance(deals, list) else 0


def read_group_archive(data: bytes) -> GroupArchive:
    """Read and check a zip that ``export_group`` wrote; store nothing.

    The deals of all lists are counted before any list is replayed, and
    every list must score before any of them may be kept.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError):
        raise ScoringError("archive", N_("is not a group archive (a zip file)")) from None
    if len(infos) > MAX_ARCHIVE_LISTS + 1 or sum(i.file_size for i in infos) > MAX_ARCHIVE_TOTAL:
        raise ScoringError("archive", N_("is too big"))
    manifest = _read(archive, "group.json", "group.json")
    if not isinstance(manifest, Mapping) or manifest.get("format") != GROUP_FORMAT:
        raise ScoringError("group.json", N_("is not a %(format)s file"), format=GROUP_FORMAT)
    name = _checked_name(manifest.get("name"))
    players = tuple(_checked_players(manifest.get("players")))
    files = []
    for path, entry in _list_files(manifest):
        with _of_file(path):
            files.append((path, entry, _read(archive, path, "lists")))
    if sum(_deal_count(document) for _, _, document in files) > MAX_ARCHIVE_DEALS:
        raise ScoringError("lists", N_("an archive holds at most %(most)s deals in all its lists"),
                           most=MAX_ARCHIVE_DEALS)
    lists = []
    for path, entry, document in files:
        with _of_file(path):
            score_list = load_list(document)
            ends = document.get("ends")
            _check_ends(ends if isinstance(ends, Mapping) else None, score_list.rules.family_name,
                        len(score_list.players))
        lists.append(ArchivedList(document, _when(entry.get("created_at"), "created_at"),
                                  _when(entry.get("finished_at"), "finished_at")))
    return GroupArchive(name=name, players=players, lists=tuple(lists),
                        house_rules=_archive_house_rules(manifest.get("presets")))


def _holds_anything(group: GroupRow) -> bool:
    return bool(group_lists(group) or all_house_rules(owner=None, group=group))


def imported_before(token: str | None) -> bool:
    """Tell whether an import with this one-time token is stored already (its form sent again).

    ``import_group`` then makes nothing: it leads to the group stored before.
    """
    group = group_made_with(token)
    return group is not None and _holds_anything(group)


@transaction
def import_group(archive: GroupArchive, *, token: str | None = None) -> ImportedGroup:
    """Store a group and its lists from an archive ``read_group_archive`` checked.

    The group and its lists get new ids and edit keys; each list keeps its
    dates. A repeated one-time ``token`` (a form sent twice) makes no list again.
    """
    group, key = create_group({"name": archive.name, "players": list(archive.players)}, token=token)
    if _holds_anything(group):  # a resent import: it is there already
        return ImportedGroup(group, key, ())
    lists = []
    for archived in archive.lists:
        row, list_key = create_list(archived.document, group_id=group.id)
        row.created_at = archived.created_at or row.created_at
        row.updated_at = max(row.updated_at, row.created_at)
        row.finished_at = archived.finished_at
        lists.append((row, list_key))
    for name, rules in archive.house_rules.items():
        db.session.add(SavedHouseRulesRow(name=name, rules=rules, group_id=group.id))
    db.session.commit()
    return ImportedGroup(group, key, tuple(lists))
