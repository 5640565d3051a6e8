"""The database: lists, their deals as entered, groups of lists, saved house rules, tournaments.

Totals are never stored: they are derived by replaying a list's deals
through the engine, so they cannot drift.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

import sqlalchemy as sa
import sqlalchemy.orm as so

from scorer.web.extensions import Base, db

if TYPE_CHECKING:
    class Model(Base):
        """``db.Model`` for mypy, which takes no attribute made at run time as a base class.

        Flask-SQLAlchemy builds ``db.Model`` from ``Base``; each model here has a table.
        """

        __table__: ClassVar[sa.Table]
else:
    Model = db.Model


def now() -> datetime:
    """The current time in UTC, as stored."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


def list_etag(list_id: str, revision: int) -> str:
    """A list's entity tag at a revision."""
    return f"{list_id}-{revision}"


class ScoreListRow(Model):
    """A list: players, its own copy of the rules, and how it ends."""

    __tablename__ = "lists"
    __table_args__ = (sa.UniqueConstraint("creation_token", name="uq_lists_creation_token"),)

    id: so.Mapped[str] = so.mapped_column(sa.String(32), primary_key=True)
    title: so.Mapped[str] = so.mapped_column(sa.String(80))
    #: The family's name; the column keeps its old name, ``preset``, as the list file's key does.
    family_name: so.Mapped[str] = so.mapped_column("preset", sa.String(16))
    #: The list's own rules, every default filled in (RuleSet.to_dict()).
    rules: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    players: so.Mapped[list[str]] = so.mapped_column(sa.JSON)
    #: Names are as long as the list file has them: no limit here.
    first_dealer: so.Mapped[str] = so.mapped_column(sa.Text)
    #: What changed during the list (seating, players, rules), as the list file's
    #: ``changes``: each from a deal number on. None (or empty): nothing changed.
    changes: so.Mapped[list[dict[str, Any]] | None] = so.mapped_column(sa.JSON, default=None)
    #: When the list ends: {"kind": "deals"|"classic"|"heads"|"open", "count": n}.
    ends: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    edit_key_hash: so.Mapped[str] = so.mapped_column(sa.String(64))
    created_at: so.Mapped[datetime] = so.mapped_column(default=now)
    updated_at: so.Mapped[datetime] = so.mapped_column(default=now, index=True)
    finished_at: so.Mapped[datetime | None] = so.mapped_column(default=None)
    #: Bumped by every change; pages use it to notice news cheaply.
    revision: so.Mapped[int] = so.mapped_column(default=1)
    #: A hash of the one-time token of the form that created the list: a resend
    #: finds it (services.token_digest); the token itself is never stored.
    creation_token: so.Mapped[str | None] = so.mapped_column(sa.String(64), default=None)
    #: Where the list stood after the deal last added, and the revision that add
    #: made (services.list_end.kept_end): the next add reads it with the write lock
    #: instead of the deals, if the revision says nothing changed since. Anything
    #: that changes a list's deals, seats or rules bumps the revision (the write
    #: lock does), which leaves it unused: a migration that changes them sets it to None.
    list_end: so.Mapped[dict[str, Any] | None] = so.mapped_column(sa.JSON, default=None)
    #: The group (Stammtisch, Runde) the list belongs to, if any.
    group_id: so.Mapped[str | None] = so.mapped_column(
        sa.ForeignKey("groups.id", ondelete="SET NULL", name="fk_lists_group_id_groups"),
        default=None, index=True,
    )
    #: The tournament whose table keeps this list (None: a list of its own). Such a
    #: list's key enters its deals while its round is open, and nothing else
    #: (``services.table_scope``); the tournament's key corrects it at any time.
    tournament_id: so.Mapped[str | None] = so.mapped_column(sa.String(32), default=None)
    #: What the list settles in: EUR, USD, CHF or GBP (ISO 4217), or "points"
    #: (no money on its pages). Lists kept before settle in euros.
    currency: so.Mapped[str] = so.mapped_column(sa.String(6), default="EUR")

    @property
    def etag(self) -> str:
        """The list's entity tag: changes with every change to the list."""
        return list_etag(self.id, self.revision)

    deals: so.WriteOnlyMapped[DealRow] = so.relationship(
        back_populates="score_list", cascade="all, delete-orphan", passive_deletes=True
    )


class GroupRow(Model):
    """A group that plays together (a Stammtisch, a Runde): its name, players and lists.

    Like a list, it has a view link (its id) and an edit key, stored hashed.
    """

    __tablename__ = "groups"
    __table_args__ = (sa.UniqueConstraint("creation_token", name="uq_groups_creation_token"),)

    id: so.Mapped[str] = so.mapped_column(sa.String(32), primary_key=True)
    name: so.Mapped[str] = so.mapped_column(sa.String(80))
    #: The group's players, in the order they were named; a list may seat others too.
    players: so.Mapped[list[str]] = so.mapped_column(sa.JSON)
    edit_key_hash: so.Mapped[str] = so.mapped_column(sa.String(64))
    created_at: so.Mapped[datetime] = so.mapped_column(default=now)
    updated_at: so.Mapped[datetime] = so.mapped_column(default=now)
    #: The one-time token of the form that created the group: a resend finds it.
    creation_token: so.Mapped[str | None] = so.mapped_column(sa.String(64), default=None)


#: What has a view link (its id) and an edit key, stored hashed: a list, a group or a tournament.
KeyedRow: TypeAlias = "ScoreListRow | GroupRow | TournamentRow"


class DealRow(Model):
    """A deal as entered; its number is its place among the kept deals."""

    __tablename__ = "deals"
    __table_args__ = (
        sa.UniqueConstraint("list_id", "idempotency_key", name="uq_deals_list_idempotency"),
        sa.Index("ix_deals_list_position", "list_id", "position"),
    )

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    list_id: so.Mapped[str] = so.mapped_column(
        sa.ForeignKey("lists.id", ondelete="CASCADE")
    )
    position: so.Mapped[int]
    #: The deal as the list file writes it (Deal.to_dict()).
    data: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    #: The dealer the deal names itself (its ``dealer`` key), if any: copied
    #: out of ``data`` so the next dealer is found without reading every deal.
    named_dealer: so.Mapped[str | None] = so.mapped_column(sa.Text, default=None)
    #: Bumped by every edit; an edit names the version it started from.
    version: so.Mapped[int] = so.mapped_column(default=1)
    #: The Idempotency-Key (or form token) the deal was sent with, whole.
    idempotency_key: so.Mapped[str | None] = so.mapped_column(sa.String(255), default=None)
    #: A hash of the deal as it was sent with that key: the key sent again
    #: with another deal is refused (services.idempotency.fingerprint).
    idempotency_fingerprint: so.Mapped[str | None] = so.mapped_column(sa.String(64), default=None)
    created_at: so.Mapped[datetime] = so.mapped_column(default=now)
    updated_at: so.Mapped[datetime] = so.mapped_column(default=now)
    deleted_at: so.Mapped[datetime | None] = so.mapped_column(default=None)
    #: The list's ``changes`` as they were just before this deal was deleted:
    #: restoring it puts them back exactly (a change that began at this deal,
    #: or two that met when it went, cannot be told apart afterwards).
    changes_before: so.Mapped[list[dict[str, Any]] | None] = so.mapped_column(sa.JSON, default=None)

    score_list: so.Mapped[ScoreListRow] = so.relationship(back_populates="deals")

    @classmethod
    def of(cls, list_id: str, position: int, data: dict[str, Any], **more: Any) -> DealRow:
        """A row for a deal as the list file writes it."""
        return cls(**cls.values_of(list_id, position, data, **more))

    @staticmethod
    def values_of(list_id: str, position: int, data: dict[str, Any], **more: Any) -> dict[str, Any]:
        """The columns of a deal's row as the list file writes it (for an INSERT statement)."""
        return {"list_id": list_id, "position": position, "data": data,
                "named_dealer": data.get("dealer"), **more}


class ChangeKeyRow(Model):
    """The Idempotency-Key a change of players or rules came with (``POST /api/lists/ID/changes``).

    A phone whose answer was lost sends the change again under the same key:
    it is answered as the first time (``answer``), and applied once. The
    change itself lives in the list's ``changes``; this row only remembers
    the key, a hash of the change as sent, and what the server answered.
    """

    __tablename__ = "change_keys"
    __table_args__ = (sa.UniqueConstraint("list_id", "key", name="uq_change_keys_list_key"),)

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    list_id: so.Mapped[str] = so.mapped_column(
        sa.ForeignKey("lists.id", ondelete="CASCADE", name="fk_change_keys_list_id_lists")
    )
    #: The key, whole (1 to 255 printable ASCII characters, as a deal's).
    key: so.Mapped[str] = so.mapped_column(sa.String(255))
    #: A hash of the change as it was sent (services.idempotency.fingerprint): the
    #: key sent again with another change is refused.
    fingerprint: so.Mapped[str] = so.mapped_column(sa.String(64))
    #: The JSON the first request was answered with (201).
    answer: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    created_at: so.Mapped[datetime] = so.mapped_column(default=now)


class RetiredListRow(Model):
    """The id of a deleted list: never handed out again, never restored.

    An id is the list's view link; whoever kept the old link must not find
    another list behind it.
    """

    __tablename__ = "retired_lists"

    id: so.Mapped[str] = so.mapped_column(sa.String(32), primary_key=True)
    retired_at: so.Mapped[datetime] = so.mapped_column(default=now)


class SavedHouseRulesRow(Model):
    """A named set of house rules a phone or a group saves and reuses for new lists.

    It belongs either to the phone that saved it or to a group: a phone's is
    seen and changed by that phone only, a group's by whoever holds the
    group's edit key only.
    """

    #: The database table keeps its old name; a row is one saved set of house rules.
    __tablename__ = "presets"
    __table_args__ = (
        sa.UniqueConstraint("owner_hash", "name", name="uq_presets_owner_name"),
        sa.UniqueConstraint("group_id", "name", name="uq_presets_group_name"),
    )

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    name: so.Mapped[str] = so.mapped_column(sa.String(60))
    #: A hash of the owner id the phone keeps in its signed cookie
    #: (access.house_rules_owner); None for house rules saved before they had owners,
    #: which nobody can claim.
    owner_hash: so.Mapped[str | None] = so.mapped_column(sa.String(64), default=None)
    #: The group that owns the house rules (then it has no owner_hash); None for a phone's.
    group_id: so.Mapped[str | None] = so.mapped_column(
        sa.ForeignKey("groups.id", ondelete="CASCADE", name="fk_presets_group_id_groups"),
        default=None, index=True,
    )
    rules: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    created_at: so.Mapped[datetime] = so.mapped_column(default=now)


class TournamentRow(Model):
    """A tournament: its rules, how many rounds of how many deals, its participants and rounds.

    Like a list, it has a view link (its id) and an edit key, stored hashed.
    Each table of each round is a list of its own (TournamentTableRow).
    """

    __tablename__ = "tournaments"
    __table_args__ = (sa.UniqueConstraint("creation_token", name="uq_tournaments_creation_token"),)

    id: so.Mapped[str] = so.mapped_column(sa.String(32), primary_key=True)
    name: so.Mapped[str] = so.mapped_column(sa.String(80))
    family_name: so.Mapped[str] = so.mapped_column(sa.String(16))
    #: The rules every table's list takes, every default filled in (RuleSet.to_dict()).
    rules: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    rounds: so.Mapped[int]
    deals_per_round: so.Mapped[int]
    edit_key_hash: so.Mapped[str] = so.mapped_column(sa.String(64))
    created_at: so.Mapped[datetime] = so.mapped_column(default=now)
    #: A hash of the Idempotency-Key the tournament was made with: a resend finds it.
    creation_token: so.Mapped[str | None] = so.mapped_column(sa.String(64), default=None)
    #: A hash of what was sent with that key: the key sent again with another body is refused.
    creation_fingerprint: so.Mapped[str | None] = so.mapped_column(sa.String(64), default=None)
    #: When the organiser ended the tournament (after any round); None while it runs.
    #: An ended tournament draws no more rounds, and its tables' keys change nothing.
    ended_at: so.Mapped[datetime | None] = so.mapped_column(default=None)
    #: The tie-breaks in the order the tournament gives them (``scorer.tournaments.standings``);
    #: None: the default, solo games won and then the last round, as every tournament ranked before.
    tie_breaks: so.Mapped[list[str] | None] = so.mapped_column(sa.JSON, default=None)
    #: What a participant pays to play, in cents of ``currency``; 0: nothing.
    entry_fee: so.Mapped[int] = so.mapped_column(default=0)
    #: The percent of the fees collected paid to each place, first place first; None: none.
    shares: so.Mapped[list[int] | None] = so.mapped_column(sa.JSON, default=None)
    #: Fixed prizes as ``scorer.tournaments.prizes.Prize.to_dict`` writes them; None: none.
    prizes: so.Mapped[list[dict[str, Any]] | None] = so.mapped_column(sa.JSON, default=None)
    #: The currency of the fee and the prizes (ISO 4217: EUR, USD, CHF or GBP).
    currency: so.Mapped[str] = so.mapped_column(sa.String(3), default="EUR")


class ParticipantRow(Model):
    """A participant of a tournament: a start number (1, 2, ...) and a name."""

    __tablename__ = "tournament_participants"
    __table_args__ = (
        sa.UniqueConstraint("tournament_id", "number", name="uq_tournament_participants_number"),
    )

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    tournament_id: so.Mapped[str] = so.mapped_column(
        sa.ForeignKey("tournaments.id", ondelete="CASCADE", name="fk_tournament_participants_tournament"),
    )
    number: so.Mapped[int]
    name: so.Mapped[str] = so.mapped_column(sa.Text)
    #: A withdrawn participant keeps their points and is seated in no later round.
    withdrawn: so.Mapped[bool] = so.mapped_column(default=False)
    #: Who plays the participant's seat from the next round drawn (the points stay the
    #: participant's); None while they play it themselves.
    substitute: so.Mapped[str | None] = so.mapped_column(sa.Text, default=None)


class TournamentRoundRow(Model):
    """A round drawn: its number and the seed its draw was made with.

    A round is open to its tables' keys until the organiser closes it, draws
    the next round, or ends the tournament.
    """

    __tablename__ = "tournament_rounds"
    __table_args__ = (
        sa.UniqueConstraint("tournament_id", "number", name="uq_tournament_rounds_number"),
        sa.UniqueConstraint("tournament_id", "idempotency_key", name="uq_tournament_rounds_idempotency_key"),
    )

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    tournament_id: so.Mapped[str] = so.mapped_column(
        sa.ForeignKey("tournaments.id", ondelete="CASCADE", name="fk_tournament_rounds_tournament"),
    )
    number: so.Mapped[int]
    seed: so.Mapped[str] = so.mapped_column(sa.String(64))
    created_at: so.Mapped[datetime] = so.mapped_column(default=now)
    #: When the organiser closed the round; None while its tables play (or until the next draw).
    closed_at: so.Mapped[datetime | None] = so.mapped_column(default=None)
    #: The Idempotency-Key the draw came with, whole: the draw sent again answers this round.
    idempotency_key: so.Mapped[str | None] = so.mapped_column(sa.String(255), default=None)
    #: A hash of the draw's body as sent with that key: the key sent again with another is refused.
    idempotency_fingerprint: so.Mapped[str | None] = so.mapped_column(sa.String(64), default=None)


class TournamentTableRow(Model):
    """A table of a round: the start numbers seated there, in order, and the list it keeps."""

    __tablename__ = "tournament_tables"
    __table_args__ = (
        sa.UniqueConstraint("round_id", "number", name="uq_tournament_tables_number"),
    )

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    round_id: so.Mapped[int] = so.mapped_column(
        sa.ForeignKey("tournament_rounds.id", ondelete="CASCADE", name="fk_tournament_tables_round"),
    )
    number: so.Mapped[int]
    #: The table's list; None once the list was deleted (the table then scores nothing).
    list_id: so.Mapped[str | None] = so.mapped_column(
        sa.ForeignKey("lists.id", ondelete="SET NULL", name="fk_tournament_tables_list"),
        default=None, index=True,
    )
    #: The start numbers seated, in seating order.
    seats: so.Mapped[list[int]] = so.mapped_column(sa.JSON)
    #: The paper sheet's final points of a table without a phone, by start number
    #: (``{"points": {"3": 5, ...}, "solos_won": {"3": 1, ...}}``); it counts instead of
    #: the list's deals. None without a sheet.
    sheet: so.Mapped[dict[str, Any] | None] = so.mapped_column(sa.JSON, default=None)


class TableCorrectionRow(Model):
    """A change the organiser made to a table's deals with the tournament's key.

    Shown with the table on the organiser's page and on the list: the table's
    own key cannot change its deals once its round is over, the organiser can,
    and everyone sees that they did.
    """

    __tablename__ = "table_corrections"

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    list_id: so.Mapped[str] = so.mapped_column(
        sa.ForeignKey("lists.id", ondelete="CASCADE", name="fk_table_corrections_list"), index=True,
    )
    tournament_id: so.Mapped[str] = so.mapped_column(
        sa.ForeignKey("tournaments.id", ondelete="CASCADE", name="fk_table_corrections_tournament"),
    )
    #: The deal's number in the list (None: the list as a whole).
    deal: so.Mapped[int | None] = so.mapped_column(default=None)
    #: What was done: "added", "edited", "deleted", "restored".
    what: so.Mapped[str] = so.mapped_column(sa.String(16))
    created_at: so.Mapped[datetime] = so.mapped_column(default=now)
