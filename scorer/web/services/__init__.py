"""Use cases of the table app: each one a transaction over the models.

Views translate HTTP to these calls and their errors (NotFound, NotAllowed,
Conflict) to messages; the engine decides what every deal is worth. The use cases live in one module per
thing that changes together; this package names them all, so a view calls
``services.add_deal(...)`` without knowing which module holds it.
"""

from __future__ import annotations

from scorer.engine import DealResult
from scorer.engine.values import MAX_TITLE
from scorer.web.models import GroupRow, ScoreListRow
from scorer.web.services.base import Conflict, NotAllowed, NotFound, transaction
from scorer.web.services.adding import add_deal
from scorer.web.services.deals import (
    after_waiting, deal_id_at, dealers_after_delete, delete_deal, number_of, preview_deal, score_next, update_deal,
)
from scorer.web.services.idempotency import MAX_IDEMPOTENCY_KEY, BadIdempotencyKey, valid_idempotency_key
from scorer.web.services.list_end import replay_to_end
from scorer.web.services.restore import deleted_deals, restorable, restore_deal, undo_last
from scorer.web.services.files import (
    all_lists, api_document, backup_document, export_document, restore_document,
)
from scorer.web.services.group_archive import (
    GROUP_FORMAT, GroupArchive, ImportedGroup, archive_name, export_group, import_group, imported_before,
    read_group_archive,
)
from scorer.web.services.groups import (
    GroupNotAllowed, ListSummary, Season, add_to_group, create_group,
    create_group_list, get_group, group_lists, group_of, known_groups,
    keep_bounded, list_summaries, list_summary, remove_from_group, require_group_key, season, this_year,
)
from scorer.web.services.keys import (
    hash_key, key_from_token, key_matches, open_key, reissue_key, require_key, seal_key,
    token_digest,
)
from scorer.web.services.lists import (
    END_KINDS, create_list, deal_counts, delete_list, finish, get_list,
    is_list_id, kept_deals, known_players, list_tag, list_to_change, recent_lists, reopen,
)
from scorer.web.services.saved_house_rules import (
    all_house_rules, checked_house_rules, delete_house_rules, get_house_rules, save_house_rules,
)
from scorer.web.services.settings import (
    NotNextDeal, change_from, change_from_next, rename_group_player, rename_player,
)
from scorer.web.services.state import (
    PARSED_KEPT, ByRevision, ListState, Progress, engine_list, kept_rows, list_state, parsed,
    parsed_deal, progress, revision_key,
)

__all__ = [
    "END_KINDS", "GROUP_FORMAT", "GroupArchive", "GroupNotAllowed", "GroupRow", "ImportedGroup", "ListSummary", "MAX_IDEMPOTENCY_KEY", "BadIdempotencyKey", "Season",
    "add_to_group", "archive_name", "create_group", "create_group_list", "export_group",
    "get_group", "group_lists", "group_of", "import_group", "imported_before", "read_group_archive", "known_groups", "list_summary",
    "keep_bounded", "list_summaries", "remove_from_group", "require_group_key", "season", "checked_house_rules", "this_year", "MAX_TITLE", "PARSED_KEPT", "Conflict", "DealResult",
    "ByRevision", "ListState", "NotAllowed", "NotFound", "Progress", "ScoreListRow",
    "add_deal", "after_waiting", "score_next", "all_lists", "change_from", "change_from_next", "NotNextDeal", "rename_group_player", "rename_player", "deal_id_at", "dealers_after_delete", "api_document", "backup_document", "create_list", "deal_counts",
    "delete_deal", "delete_list", "delete_house_rules", "deleted_deals", "restorable", "engine_list",
    "export_document", "finish", "get_list", "get_house_rules", "hash_key", "is_list_id", "kept_deals", "kept_rows", "list_tag",
    "key_from_token", "key_matches", "known_players", "list_state", "list_to_change", "number_of",
    "open_key", "parsed", "parsed_deal", "all_house_rules", "preview_deal", "progress", "recent_lists", "reissue_key",
    "reopen", "replay_to_end", "revision_key", "require_key", "restore_deal", "restore_document", "save_house_rules",
    "seal_key", "token_digest", "transaction", "undo_last", "update_deal", "valid_idempotency_key",
]
