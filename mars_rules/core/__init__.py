"""The core that all four games share (standard library only)."""
from .actions import CHANCE, Action, IllegalAction, PositionError, Step
from .chance import as_fractions, draw_index, pick
from .history import History
from .playout import playout, random_policy
from .positions import (FORMATS, MAX_NAME_CHARS, MAX_POSITION_CHARS, Checker, check_names, name_problems,
                        json_words, parse_position, pretty_json, reads_positions, slot_names)
from .score import ScoreRow, ScoreSheet
from .simulate import (POLICIES, Comparison, SimulationResult, compare, format_comparison, game_seed,
                       greedy_policy, simulate, wilson)
from .builder import PlayerEditor, PositionBuilder
from .coverage import Coverage, ScoreItem, slug
from .options import Option, RuleOptions
from .record import ROOT, Record, RecordError
from .search import BUDGET, Analysis, Candidate, SearchPolicy, analyse
from .reference import Entry, Number, RulesReference
from .state import GameState, indexed_replace, made_by, setter

__all__ = ["analyse", "BUDGET", "Analysis", "Candidate", "SearchPolicy", "Record", "RecordError", "ROOT", "PositionBuilder", "PlayerEditor", "CHANCE", "Action", "IllegalAction", "PositionError", "Step", "ScoreRow", "ScoreSheet",
           "GameState", "indexed_replace", "setter", "made_by", "Coverage", "ScoreItem", "slug", "Option", "RuleOptions", "Entry", "Number", "RulesReference", "History", "playout", "random_policy", "draw_index", "pick",
           "as_fractions",
           "Checker", "parse_position", "FORMATS", "slot_names", "pretty_json", "json_words", "MAX_POSITION_CHARS", "MAX_NAME_CHARS", "check_names", "name_problems",
           "reads_positions", "simulate", "compare", "greedy_policy",
           "POLICIES", "SimulationResult", "Comparison", "format_comparison", "game_seed", "wilson"]
