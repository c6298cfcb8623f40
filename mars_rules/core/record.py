"""Game records: a game or a lesson as a tree of actions with comments and variations, saved as JSON.

As a chess PGN: a record holds its start (a new game's set-up, or a position's JSON) and a tree of
nodes, each an action (chance outcomes are nodes too) with an optional comment, a mark ("good",
"mistake", "question") and a hint; a node's first child is the main line, the others its variations.
Positions along the tree are not stored: `record.state(node)` replays the actions from the start
through the engine (a small bounded cache keeps the latest few), so a long session with many
variations holds little. Records are frozen: every edit returns a new record; node ids stay stable.

>>> import mars_rules
>>> game = mars_rules.load("ruins")
>>> r = Record.new(game.new_game(2, seed=7), title="Two flips")
>>> s = r.state(ROOT)
>>> r, first = r.add(ROOT, s.legal_actions()[-1], comment="Ada keeps her ruins day side up.")
>>> r.main_line() == (first,), r.node(first).comment
(True, 'Ada keeps her ruins day side up.')
>>> Record.from_json(r.to_json(), game) == r
True

`from_json` replays every node: a record holding an illegal or unknown action, a wrong player or a
position that does not load is refused whole (RecordError naming the node, with the engine's reason).
"""
from __future__ import annotations

import json
from collections import OrderedDict
from typing import NamedTuple

from .actions import CHANCE, Action, IllegalAction, PositionError

FORMAT = 1
ROOT = -1
"""The id of the start position (the parent of the first moves)."""
MARKS = ("", "good", "mistake", "question")
MARK_SIGNS = {"": "", "good": "!", "mistake": "?", "question": "!?"}


class RecordError(ValueError):
    """A record that cannot be loaded or an edit that cannot be made; the message names the node."""


class Node(NamedTuple):
    id: int
    parent: int
    kind: str
    player: object
    params: tuple          # ((name, value), ...): values as the engine's Action holds them
    comment: str = ""
    mark: str = ""
    hint: str = ""

    def action(self) -> Action:
        return Action(self.kind, self.player, self.params)


class Record(NamedTuple):
    game: str              # the package: "ruins_of_mars", "mars_colony", "ruins", "on_mars"
    start: str             # the start position's JSON (a new game's, or an edited position's)
    nodes: tuple = ()      # Node, in order: among siblings, the first is the main line
    title: str = ""
    comment: str = ""      # shown before the first move
    student_seats: tuple = ()  # the seats a student plays in a lesson

    # ----- making and reading ---------------------------------------------------------------------
    @classmethod
    def new(cls, state, title: str = "", comment: str = "", student_seats=()) -> "Record":
        """A record starting at `state` (any position: a new game or one built with the editor)."""
        return cls(_package(state), state.to_json(), (), title, comment, tuple(student_seats))

    def node(self, node_id: int) -> Node:
        found = _index(self)[0].get(node_id)
        if found is None:
            raise RecordError(f"the record has no node {node_id!r}")
        return found

    def children(self, node_id: int) -> tuple:
        """The ids of the moves after `node_id` (ROOT: the first moves); the first is the main line."""
        return _index(self)[1].get(node_id, ())

    def path(self, node_id: int) -> tuple:
        """The ids from the first move to `node_id` (() for ROOT)."""
        out = []
        nodes = _index(self)[0]
        while node_id != ROOT:
            out.append(node_id)
            node_id = nodes[node_id].parent
        return tuple(reversed(out))

    def line(self, node_id: int = ROOT) -> tuple:
        """The main line from `node_id` on: its first child, that one's first child, ... (ids)."""
        out = []
        kids = self.children(node_id)
        while kids:
            out.append(kids[0])
            kids = self.children(kids[0])
        return tuple(out)

    def main_line(self) -> tuple:
        return self.line(ROOT)

    def is_main(self, node_id: int) -> bool:
        """Is `node_id` on the main line (every node on its path the first of its siblings)?"""
        return all(self.children(self.node(n).parent)[0] == n for n in self.path(node_id))

    def state(self, node_id: int = ROOT):
        """The position after `node_id` (ROOT: the start), replayed through the engine."""
        return _replay(self, node_id)

    # ----- edits (each returns a new record) ------------------------------------------------------
    def add(self, parent: int, action, comment: str = "", mark: str = "", hint: str = "") -> tuple:
        """(record, id): `action` played after `parent`. An action already there is that node (its comment
        and mark updated when given); a new one is a variation after the ones there (or the main line)."""
        a = self.state(parent).legal_twin(action)  # IllegalAction (the engine's reason) if not legal there
        for kid in self.children(parent):
            n = self.node(kid)
            if n.action() == a:
                return self.edit(kid, comment=comment or n.comment, mark=mark or n.mark, hint=hint or n.hint), kid
        _check_words(comment, mark, hint)
        new_id = max((n.id for n in self.nodes), default=-1) + 1
        node = Node(new_id, parent, a.kind, a.player, tuple(a.items), comment, mark, hint)
        return self._replace(nodes=self.nodes + (node,)), new_id

    def edit(self, node_id: int, **fields) -> "Record":
        """The record with `comment`, `mark` or `hint` of a node changed (ROOT: the record's comment)."""
        unknown = set(fields) - {"comment", "mark", "hint"}
        if unknown:
            raise RecordError(f"only comment, mark and hint can be edited, not {sorted(unknown)}")
        _check_words(fields.get("comment", ""), fields.get("mark", ""), fields.get("hint", ""))
        if node_id == ROOT:
            return self._replace(comment=fields.get("comment", self.comment))
        self.node(node_id)
        return self._replace(nodes=tuple(n._replace(**fields) if n.id == node_id else n for n in self.nodes))

    def promote(self, node_id: int) -> "Record":
        """The record with `node_id` first among its siblings (a variation made the main line there)."""
        node = self.node(node_id)
        first = self.children(node.parent)[0]
        if first == node_id:
            return self
        nodes = [n for n in self.nodes if n.id != node_id]
        at = next(i for i, n in enumerate(nodes) if n.id == first)
        return self._replace(nodes=tuple(nodes[:at] + [node] + nodes[at:]))

    def delete(self, node_id: int) -> "Record":
        """The record without `node_id` and everything after it."""
        self.node(node_id)
        gone = {node_id}
        for n in self.nodes:  # parents come before their children
            if n.parent in gone:
                gone.add(n.id)
        return self._replace(nodes=tuple(n for n in self.nodes if n.id not in gone))

    def canonical(self) -> "Record":
        """The same record with its nodes numbered as `from_json` numbers them (lines in the order the
        JSON lists them): `Record.from_json(r.to_json(), game) == r.canonical()`."""
        order = []
        lines = [self.children(ROOT)]
        while lines:
            kids = lines.pop(0)
            while kids:
                order.append(kids[0])
                lines += [(alt,) for alt in kids[1:]]
                kids = self.children(kids[0])
        new = {old: k for k, old in enumerate(order)}
        new[ROOT] = ROOT
        nodes = [self.node(old)._replace(id=new[old], parent=new[self.node(old).parent]) for old in order]
        return self._replace(nodes=tuple(_tree_order(nodes)))

    # ----- JSON and text ------------------------------------------------------------------------
    def to_json(self) -> str:
        """Versioned JSON: the start, then the main line as a list of moves, each with its variations
        (lists of moves too), so a long game nests only as deep as its variations."""
        data = {"format": FORMAT, "game": self.game, "title": self.title, "comment": self.comment,
                "student_seats": list(self.student_seats), "start": json.loads(self.start),
                "moves": self._moves(self.children(ROOT))}
        return json.dumps(data, indent=1, ensure_ascii=False)

    def _moves(self, kids) -> list:
        out = []
        while kids:
            n = self.node(kids[0])
            move = {"kind": n.kind, "player": n.player, "params": {k: _plain(v) for k, v in n.params}}
            for field in ("comment", "mark", "hint"):
                if getattr(n, field):
                    move[field] = getattr(n, field)
            if len(kids) > 1:
                move["variations"] = [self._moves((alt,)) for alt in kids[1:]]
            out.append(move)
            kids = self.children(n.id)
        return out

    @classmethod
    def from_json(cls, text: str, game) -> "Record":
        """The record of `to_json()` text, every node replayed through the engine of `game` (a game
        module); RecordError names the first node that fails and says why."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:
            raise RecordError(f"not JSON: {e}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"a record is a JSON object with \"format\": {FORMAT}")
        name = _package_name(game)
        if data.get("game") != name:
            raise RecordError(f"this record is of the game {data.get('game')!r}, not {name!r}")
        try:
            start = game.from_json(json.dumps(data.get("start")))
        except PositionError as e:
            raise RecordError(f"start: the position does not load: {e}") from None
        seats = data.get("student_seats", [])
        if not isinstance(seats, list) or any(type(x) is not int or not 0 <= x < len(start.players) for x in seats):
            raise RecordError(f"student_seats: a list of seats 0..{len(start.players) - 1}")
        words = [data.get(k, "") for k in ("title", "comment")]
        if any(not isinstance(w, str) for w in words):
            raise RecordError("title and comment are text")
        record = cls(name, start.to_json(), (), words[0], words[1], tuple(seats))
        nodes = []
        todo = [(data.get("moves", []), ROOT, start, "moves")]
        while todo:
            moves, parent, state, where = todo.pop(0)
            if not isinstance(moves, list):
                raise RecordError(f"{where}: a list of moves")
            for k, move in enumerate(moves):
                at = f"{where}[{k}]"
                node, state_after = _load_move(move, len(nodes), parent, state, at)
                nodes.append(node)
                variations = move.get("variations", [])
                if not isinstance(variations, list):
                    raise RecordError(f"{at}.variations: a list of lines")
                todo += [(line, parent, state, f"{at}.variations[{v}]") for v, line in enumerate(variations)]
                parent, state = node.id, state_after
        order = _tree_order(nodes)
        return record._replace(nodes=tuple(order))

    def to_text(self, game=None) -> str:
        """The record in words, for a handout or a Markdown cell: one line per move of the main line,
        "Move 3 · Ada: <the action> — <comment>", variations indented under the move they replace."""
        lines = [f"# {self.title}"] if self.title else []
        if self.comment:
            lines.append(self.comment)
        self._text_lines(self.children(ROOT), 0, 1, lines)
        return "\n".join(lines)

    def _text_lines(self, kids, depth, number, lines):
        indent = "    " * depth
        while kids:
            n = self.node(kids[0])
            lines.append(indent + self._move_words(n, number))
            for alt in kids[1:]:
                lines.append(indent + "    (variation)")
                self._text_lines((alt,), depth + 1, number, lines)
            kids = self.children(n.id)
            number += 1

    def _move_words(self, n, number) -> str:
        state = self.state(n.parent)
        action = state.legal_twin(n.action())
        who = "chance" if n.player == CHANCE else state.players[n.player]
        words = f"Move {number} · {who}: {action}{MARK_SIGNS.get(n.mark, '')}"
        return words + (f" — {n.comment}" if n.comment else "")


# ----- helpers ------------------------------------------------------------------------------------
def _package(state) -> str:
    return _package_name(state.game)


def _package_name(game) -> str:
    return getattr(game, "__name__", str(game)).rsplit(".", 1)[-1]


def _plain(value):
    """A param value as JSON holds it (tuples as lists)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _check_words(comment, mark, hint):
    if not isinstance(comment, str) or not isinstance(hint, str):
        raise RecordError("a comment and a hint are text")
    if mark not in MARKS:
        raise RecordError(f"a mark is one of {', '.join(repr(m) for m in MARKS[1:])} (or none), not {mark!r:.30}")


def _load_move(move, node_id, parent, state, at) -> tuple:
    """(Node, the position after it) for one move of a record's JSON, replayed on `state`."""
    if not isinstance(move, dict) or not isinstance(move.get("kind"), str) or not isinstance(move.get("params", {}), dict):
        raise RecordError(f"{at}: a move is an object with \"kind\", \"player\" and \"params\"")
    words = [move.get(k, "") for k in ("comment", "mark", "hint")]
    try:
        _check_words(*words)
    except RecordError as e:
        raise RecordError(f"{at}: {e}") from None
    action = Action(move["kind"], move.get("player"), move.get("params", {}))
    try:
        action = state.legal_twin(action)
        after = state.apply(action)
    except IllegalAction as e:
        raise RecordError(f"{at} ({move['kind']}): {e.reason} [{e.rule}]") from None
    return Node(node_id, parent, action.kind, action.player, tuple(action.items), *words), after


def _tree_order(nodes) -> list:
    """Nodes read breadth-first from the JSON, put back in the order the record keeps: the main line's
    node before its variations among siblings, as read; parents before children."""
    kids = {}
    for n in nodes:
        kids.setdefault(n.parent, []).append(n)
    out = []
    todo = [ROOT]
    while todo:
        parent = todo.pop(0)
        for n in kids.get(parent, ()):
            out.append(n)
            todo.append(n.id)
    return out


_INDEX: OrderedDict = OrderedDict()
_STATES: OrderedDict = OrderedDict()
_CACHE_SIZE = 8          # records indexed at once
_STATES_SIZE = 64        # positions kept (the latest asked for)


def _index(record) -> tuple:
    """({id: Node}, {parent id: (child ids, main line first)}) of `record`, kept for the latest few."""
    key = id(record)
    hit = _INDEX.get(key)
    if hit is not None and hit[0] is record:
        _INDEX.move_to_end(key)
        return hit[1]
    nodes = {n.id: n for n in record.nodes}
    kids: dict = {}
    for n in record.nodes:
        kids.setdefault(n.parent, []).append(n.id)
    found = (nodes, {k: tuple(v) for k, v in kids.items()})
    _INDEX[key] = (record, found)
    if len(_INDEX) > _CACHE_SIZE:
        _INDEX.popitem(last=False)
    return found


def _replay(record, node_id):
    """The position after `node_id`: from the nearest cached position on its path (or the start). The
    cache is keyed by the moves themselves (a chain of hashes, checked on a hit), so records that share
    a start and their first moves share positions, and an edited record finds its unchanged part."""
    nodes = _index(record)[0]
    moves = [(n.kind, n.player, n.params) for n in (nodes[i] for i in record.path(node_id))]
    start = (record.game, record.start)
    keys = [hash(start)]
    for m in moves:
        keys.append(hash((keys[-1], m)))
    state, done = None, 0
    for k in range(len(moves), -1, -1):
        hit = _STATES.get(keys[k])
        if hit is not None and hit[0] == start and hit[1] == tuple(moves[:k]):
            state, done = hit[2], k
            _STATES.move_to_end(keys[k])
            break
    if state is None:
        import mars_rules
        state = mars_rules.load(record.game).from_json(record.start)
    for kind, player, params in moves[done:]:
        state = state.apply(Action(kind, player, params))
    if done < len(moves) or not moves:
        _STATES[keys[-1]] = (start, tuple(moves), state)
        if len(_STATES) > _STATES_SIZE:
            _STATES.popitem(last=False)
    return state
