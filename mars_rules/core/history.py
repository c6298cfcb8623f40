"""Undo, redo and jump through a game, keeping every line tried: a tree of actions, saved as a Record.

The cursor sits on a node of the tree (ROOT: the start). Applying an action after an undo starts a
variation beside the line that was there (the same action again is the same node, as `Record.add`
does). The *current line* is the path to the cursor plus its continuation, which follows at each node
the child last visited (else the main line, the first child): redo steps along it, jump(i) moves on
it. Positions are not stored: they are replayed from the nearest one kept (the start and a small LRU
of the latest positions), so one step back or forward costs at most one action.

>>> import mars_rules
>>> game = mars_rules.load("ruins_of_mars")
>>> h = History(game.new_game(players=2, seed=1, characters="deal"))
>>> first, second = h.current.legal_actions()[:2]
>>> _ = h.apply(first); _ = h.undo(); _ = h.apply(second)
>>> len(h.variations()), h.record.main_line() == (0,)      # both lines kept, the first one main
(2, True)
"""
from __future__ import annotations

from collections import OrderedDict

from .record import MARKS, ROOT, Node, Record, RecordError

STATES_KEPT = 32
"""Positions kept besides the start: the latest visited; any other one is replayed from the nearest."""
MILESTONE, MILESTONES_KEPT = 50, 64
"""Also kept: the positions after every MILESTONE-th node (by id, so about every 50th move of a line),
the latest MILESTONES_KEPT of them, so a replay anywhere in a long session is at most a few dozen actions."""


class History:
    """A tree of actions from a start position, with a cursor; `record` is it as a Record.

    `limit` bounds what is kept: at most `limit` positions on the current line (the oldest moves go
    first: the start moves forward, `dropped` counts those positions, and the variations at the old
    start go with it), and at most twice as many in the whole tree (beyond that the oldest variation
    off the current line goes, with everything after it; `pruned` counts those moves).
    """

    def __init__(self, state, limit: int = 2000):
        self.limit = max(2, limit)
        self._reset(state, ("", "", ()))

    def _reset(self, start, meta):
        self._start, self._meta = start, meta   # meta: the record's (title, comment, student_seats)
        self._parent, self._action, self._kids, self._words = {}, {}, {ROOT: ()}, {}
        self._visited, self._untexted = {}, set()  # parent -> child last visited; actions loaded without text
        self._cache = OrderedDict()                # node -> State, the latest STATES_KEPT
        self._milestones = OrderedDict()           # node -> State, for node ids divisible by MILESTONE
        self._line, self.index = [], 0             # the current line (node ids) and the cursor's place on it
        self._next_id, self.dropped, self.pruned, self._record = 0, 0, 0, None
        self._here = (ROOT, start)                 # the current node and its position, always kept

    # ----- records --------------------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: Record, game=None, limit: int = 2000) -> "History":
        """A history holding `record`'s tree, the cursor at its start (`game`: the module that loads
        its start; by default the game the record names)."""
        h = cls(_start_of(record, game), limit=limit)
        h.load(record, start=h.current)
        return h

    def load(self, record: Record, game=None, start=None):
        """Replace the whole tree by `record`'s (the cursor at its start, the main line ahead; the
        limit grows to hold the whole record). `start`: its start position, if already loaded."""
        start = _start_of(record, game) if start is None else start
        self._reset(start, (record.title, record.comment, record.student_seats))
        self.limit = max(self.limit, len(record.nodes) + 1)
        for n in record.nodes:  # parents come before their children
            self._parent[n.id], self._action[n.id], self._kids[n.id] = n.parent, n.action(), ()
            self._kids[n.parent] += (n.id,)
            self._untexted.add(n.id)
            if n.comment or n.mark or n.hint:
                self._words[n.id] = (n.comment, n.mark, n.hint)
        self._next_id = max(self._parent, default=-1) + 1
        self._relink()
        return self.current

    @property
    def record(self) -> Record:
        """The whole tree as a Record (built when asked, kept until the next change)."""
        if self._record is None:
            title, comment, seats = self._meta
            nodes = [self._node_of(i) for i in self._tree_order()]
            self._record = Record.new(self._start, title, comment, seats)._replace(nodes=tuple(nodes))
        return self._record

    def _node_of(self, i) -> Node:
        a = self._action[i]
        return Node(i, self._parent[i], a.kind, a.player, tuple(a.items), *self._words.get(i, ("", "", "")))

    def _tree_order(self) -> list:
        out, todo = [], list(self._kids[ROOT])
        while todo:
            out += todo
            todo = [k for i in todo for k in self._kids[i]]
        return out

    # ----- where the cursor is --------------------------------------------------------------------
    @property
    def node(self) -> int:
        """The id of the current node (ROOT at the start)."""
        return self._line[self.index - 1] if self.index else ROOT

    @property
    def line(self) -> tuple:
        """The ids of the current line: the path to the cursor and its continuation."""
        return tuple(self._line)

    @property
    def current(self):
        """The position at the cursor (the same object until the cursor moves)."""
        node = self.node
        if self._here[0] != node:
            self._here = (node, self.state_of(node))
        return self._here[1]

    @property
    def states(self) -> "_Positions":
        """The positions of the current line, replayed when asked: states[0] is the start."""
        return _Positions(self)

    @property
    def actions(self) -> tuple:
        """The actions of the current line: actions[i] led from states[i] to states[i + 1]."""
        return tuple(self._action[i] for i in self._line)

    def action_at(self, i: int):
        """actions[i] with its text (a record's actions get theirs from the engine when first asked)."""
        return self.action_of(self._line[i])

    def action_of(self, node: int):
        """The action of `node`, with its text."""
        if node in self._untexted:
            before = self.state_of(self._parent[node])
            self._action[node] = before.legal_twin(self._action[node])
            self._untexted.discard(node)
        return self._action[node]

    def __len__(self):
        return len(self._line) + 1

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self._line)

    def state_of(self, node: int):
        """The position after `node`: from the nearest kept position on its path (or the start). A long
        replay keeps the positions 1, 2, 4, 8, ... moves before `node`, so undo after it stays cheap."""
        todo = []
        while node != ROOT and node not in self._cache and node not in self._milestones:
            todo.append(node)
            node = self._parent[node]
        state = self._start if node == ROOT else self._kept(node)
        for d in range(len(todo) - 1, -1, -1):  # d: how far before `node` the position is
            state = state.apply(self._action[todo[d]])
            if d & (d - 1) == 0 or todo[d] % MILESTONE == 0:  # and 1, 2, 4, 8, ... before it: undo stays cheap
                self._keep(todo[d], state)
        return state

    def _keep(self, node, state):
        table, size = (self._milestones, MILESTONES_KEPT) if node % MILESTONE == 0 else (self._cache, STATES_KEPT)
        table[node] = state
        table.move_to_end(node)
        if len(table) > size:
            table.popitem(last=False)

    def _kept(self, node):
        table = self._milestones if node % MILESTONE == 0 else self._cache
        table.move_to_end(node)
        return table[node]

    # ----- moving ---------------------------------------------------------------------------------
    def apply(self, action):
        """Apply to the current position (IllegalAction leaves the history as it was)."""
        before = self.current
        nxt = before.apply(action)
        twin = getattr(before, "legal_twin", None)
        return self._push(twin(action) if twin else action, nxt)

    def push(self, action, state):
        """Record a transition made elsewhere (a chance outcome drawn with resolve_chance)."""
        return self._push(action, state)

    def _push(self, action, state):
        parent = self.node
        kid = next((k for k in self._kids[parent] if self._action[k] == action), None)
        if kid is None:
            kid = self._new_node(parent, action)
        elif kid in self._untexted:
            self._action[kid] = action
            self._untexted.discard(kid)
        self._keep(kid, state)
        self._visited[parent] = kid
        if self.index < len(self._line) and self._line[self.index] == kid:
            self.index += 1
        else:
            del self._line[self.index:]
            self._line.append(kid)
            self.index += 1
            self._extend_line()
        self._bound()
        return state

    def _new_node(self, parent, action) -> int:
        kid, self._next_id, self._record = self._next_id, self._next_id + 1, None
        self._parent[kid], self._action[kid], self._kids[kid] = parent, action, ()
        self._kids[parent] += (kid,)
        return kid

    def undo(self):
        if self.can_undo:
            self.index -= 1
        return self.current

    def redo(self):
        if self.can_redo:
            self.index += 1
        return self.current

    def jump(self, index: int):
        """Move the cursor to position `index` of the current line (negative counts from the end)."""
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"no position {index}: the current line holds {len(self)}")
        self.index = index
        return self.current

    def switch(self, node: int):
        """Go to `node` (any node of the tree, e.g. one of variations()); the line then runs through it."""
        if node != ROOT and node not in self._parent:
            raise RecordError(f"the history has no node {node!r}")
        path = self._path(node)
        for parent, kid in zip((ROOT,) + path, path):
            self._visited[parent] = kid
        self._line, self.index = list(path), len(path)
        self._extend_line()
        return self.current

    def to_main_line(self):
        """Back to the main line: to the last main-line position of the path, its main line ahead."""
        path = self._path(self.node)
        at = ROOT
        for n in path:
            if self._kids[self._parent[n]][0] != n:
                break
            at = n
        self._visited[at] = (self._kids[at] or (None,))[0]
        return self.switch(at)

    def variations(self) -> tuple:
        """The current node and its siblings, main line first (() at the start)."""
        return self.siblings(self.node)

    def siblings(self, node: int) -> tuple:
        return () if node == ROOT else self._kids[self._parent[node]]

    def is_main(self, node: int) -> bool:
        return all(self._kids[self._parent[n]][0] == n for n in self._path(node))

    def _path(self, node) -> tuple:
        out = []
        while node != ROOT:
            out.append(node)
            node = self._parent[node]
        return tuple(reversed(out))

    def _extend_line(self):
        """Continue the line from its last node: the child last visited at each node, else the first."""
        node = self._line[-1] if self._line else ROOT
        while self._kids[node]:
            kid = self._visited.get(node)
            node = kid if kid in self._kids[node] else self._kids[node][0]
            self._line.append(node)

    def _relink(self):
        """Rebuild the line through the cursor after the tree changed."""
        path = self._path(self.node)
        self._line, self.index = list(path), len(path)
        self._extend_line()

    # ----- words and teacher's edits ---------------------------------------------------------------
    def words(self, node: int | None = None) -> tuple:
        """(comment, mark, hint) of `node` (default: the current one; ROOT: the record's comment)."""
        node = self.node if node is None else node
        return (self._meta[1], "", "") if node == ROOT else self._words.get(node, ("", "", ""))

    def comment(self, text: str, node: int | None = None):
        """Set the comment of the current node (or `node`; ROOT: the record's comment before the first move)."""
        if not isinstance(text, str):
            raise RecordError("a comment is text")
        self._set_word(node, 0, text)

    def mark(self, mark: str, node: int | None = None):
        """Mark the current node (or `node`): one of "good", "mistake", "question", or "" for none."""
        if mark not in MARKS:
            raise RecordError(f"a mark is one of {', '.join(repr(m) for m in MARKS[1:])} (or none), not {mark!r:.30}")
        self._set_word(node, 1, mark)

    def _set_word(self, node, k, value):
        node = self.node if node is None else node
        self._record = None
        if node == ROOT:
            if k == 0:
                self._meta = (self._meta[0], value, self._meta[2])
            return
        words = list(self.words(node))
        words[k] = value
        self._words[node] = tuple(words)

    def promote(self):
        """Make the current node first among its siblings (its variation the main line from there)."""
        node = self.node
        if node != ROOT:
            parent = self._parent[node]
            self._kids[parent] = (node,) + tuple(k for k in self._kids[parent] if k != node)
            self._record = None
        return self.current

    def delete(self):
        """Delete the current node and everything after it; the cursor goes to its parent."""
        node = self.node
        if node == ROOT:
            raise RecordError("the start cannot be deleted (delete its moves instead)")
        parent = self._parent[node]
        self._remove(node)
        self._line, self.index = list(self._path(parent)), self.index - 1
        self._extend_line()
        return self.current

    def _remove(self, node):
        parent = self._parent[node]
        self._kids[parent] = tuple(k for k in self._kids[parent] if k != node)
        if self._visited.get(parent) == node:
            del self._visited[parent]
        todo = [node]
        while todo:
            n = todo.pop()
            todo += self._kids.pop(n)
            for table in (self._parent, self._action, self._words, self._visited, self._cache, self._milestones):
                table.pop(n, None)
            self._untexted.discard(n)
        self._record = None

    # ----- the bound ------------------------------------------------------------------------------
    def _bound(self):
        """At most `limit` positions on the line, and twice as many moves in the whole tree."""
        while len(self._line) >= self.limit:
            self._drop_first()
        while len(self._parent) >= 2 * self.limit:
            on = set(self._line)
            self._prune(min(n for n, p in self._parent.items() if n not in on and (p in on or p == ROOT)))

    def _prune(self, node):
        """Remove a variation off the current line (with everything after it)."""
        before = len(self._parent)
        self._remove(node)
        self.pruned += before - len(self._parent)

    def _drop_first(self):
        """Drop the oldest move of the line: the start moves forward to the position after it."""
        for other in [k for k in self._kids[ROOT] if k != self._line[0]]:
            self._prune(other)
        first = self._line.pop(0)
        self._start = self.state_of(first)
        self._kids[ROOT] = self._kids.pop(first)
        for kid in self._kids[ROOT]:
            self._parent[kid] = ROOT
        if first in self._visited:
            self._visited[ROOT] = self._visited.pop(first)
        for table in (self._parent, self._action, self._words, self._cache, self._milestones):
            table.pop(first, None)
        self._untexted.discard(first)
        self.index -= 1
        self.dropped += 1
        self._record = None

    # ----- snapshots (the Explorer restores one when an operation fails half-way) -----------------
    def snapshot(self) -> dict:
        return {k: _copy(v) for k, v in vars(self).items()}

    def restore(self, snap: dict):
        self.__dict__.update({k: _copy(v) for k, v in snap.items()})


class _Positions:
    """history.states: the current line's positions, each replayed when asked."""

    def __init__(self, history):
        self._h = history

    def __len__(self):
        return len(self._h)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(f"no position {i}: the current line holds {len(self)}")
        return self._h.state_of(self._h._line[i - 1] if i else ROOT)

    def __iter__(self):
        return (self[i] for i in range(len(self)))


def _copy(value):
    return value.copy() if isinstance(value, (dict, list, set)) else value


def _start_of(record, game):
    return record.state(ROOT) if game is None else game.from_json(record.start)
