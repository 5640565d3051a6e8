"""The scoring engine: pure Python, it knows nothing of the web or the database.

>>> result = score_document({
...     "rules": {"preset": "bavarian"},
...     "players": ["Anna", "Bene", "Chris", "Dora"],
...     "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}],
... })
>>> result["totals"]
{'Anna': 20, 'Bene': -20, 'Chris': 20, 'Dora': -20}
"""

from scorer.engine.changes import Change, merged_rules, rename_player, rule_overrides
from scorer.engine.breakdown import Breakdown, Multiplier, Share, StockMove, Term
from scorer.engine.breakdown_words import describe
from scorer.engine.deal_file import parse_deal
from scorer.engine.deals import KEYS, SUITS, Deal, Key
from scorer.engine.document import load_list, parse_document, read_list, score_document
from scorer.engine.errors import N_, ScoringError, one_line
from scorer.engine.families import FAMILIES, GAMES
from scorer.engine.families.base import LOWEST_BID, Carry, Family, Game, Outcome, Table
from scorer.engine.families.bavarian3 import BID_STEP
from scorer.engine.options import MAX_TARIFF, Option
from scorer.engine.replay import FORMAT, Replay, ScoreList, dealer_after, replay, score_deal
from scorer.engine.results import DealResult, ListResult
from scorer.engine.rules import RuleSet, parse_rules, rule_keys
from scorer.engine.settlement import Transfer, settle
from scorer.engine.values import parse_players

__all__ = [
    "N_", "BID_STEP", "FAMILIES", "FORMAT", "GAMES", "LOWEST_BID", "MAX_TARIFF", "SUITS",
    "Breakdown", "Carry", "KEYS", "Key", "Change", "merged_rules", "rename_player", "rule_overrides", "Deal", "DealResult", "dealer_after", "Family", "Game", "ListResult", "Option",
    "Outcome", "Replay", "RuleSet", "ScoreList", "ScoringError", "Table", "Transfer",
    "load_list", "parse_deal", "read_list", "parse_document", "parse_players", "parse_rules",
    "Multiplier", "Share", "StockMove", "Term", "describe",
    "one_line", "replay", "rule_keys", "score_deal", "score_document", "settle",
]
