"""The scoring engine: pure Python, it knows nothing of the web or the database.

>>> result = score_document({
...     "rules": {"preset": "bavarian"},
...     "players": ["Anna", "Bene", "Chris", "Dora"],
...     "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}],
... })
>>> result["totals"]
{'Anna': 20, 'Bene': -20, 'Chris': 20, 'Dora': -20}
"""

from scorer.engine.deals import GAMES, SUITS, Deal, parse_deal
from scorer.engine.document import (
    load_list, parse_document, parse_players, read_list, score_document,
)
from scorer.engine.errors import N_, ScoringError, one_line
from scorer.engine.games import BID_STEP, HEAD, KINDS, LOWEST_BID, Table, score_deal, teams
from scorer.engine.replay import (
    FORMAT, DealResult, ListResult, Replay, ScoreList, dealer_after, replay,
)
from scorer.engine.rules import PRESETS, TRUMPS, Preset, RuleSet, parse_rules, rule_keys
from scorer.engine.settlement import Transfer, settle

__all__ = [
    "N_", "BID_STEP", "FORMAT", "GAMES", "HEAD", "KINDS", "LOWEST_BID", "PRESETS", "SUITS", "TRUMPS",
    "Deal", "DealResult", "dealer_after", "ListResult", "Preset", "Replay", "RuleSet",
    "ScoreList", "ScoringError", "Table", "Transfer",
    "load_list", "parse_deal", "read_list", "parse_document", "parse_players", "parse_rules",
    "one_line", "replay", "rule_keys", "score_deal", "score_document", "settle", "teams",
]
