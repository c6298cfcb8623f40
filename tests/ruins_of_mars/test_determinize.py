"""determinize(state, player, rng): a full position the player cannot tell apart from the real one.

What `state.view(player)` hides in Ruins of Mars: the seed (every game) and, in the solo game, the faces of
the AI's face-down Techs (their Level, row and cost show). The sampler must keep the view, give a valid
position whose random play ends, depend only on the view and the rng, and really re-deal what is hidden."""
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import mars_rules.ruins_of_mars as ruins_of_mars
from mars_rules.core import CHANCE
from mars_rules.ruins_of_mars import PLAYER_COUNTS, data, determinize, load_cards, new_game

from ..sampling import assert_blind, checked_sample
from ..walks import after, positions

AI = 1


def shared_backs():
    """The default cards with AI Techs whose backs repeat: every Level 1 and every Level 3 AI Tech has
    the same cost, two Level 2 ones share a cost, so the view cannot tell those apart."""
    src = data.default_card_data()
    for c in src["ai"]:
        if c["level"] == 1:
            c["cost"] = {"fuel": 1, "parts": 1, "plans": 1, "oxygen": 1}
        elif c["level"] == 3:
            c["cost"] = {"fuel": 2, "parts": 2, "plans": 2, "oxygen": 2}
        elif c["id"] in ("AI2-1", "AI2-2"):
            c["cost"] = {"fuel": 2, "parts": 2, "plans": 1, "oxygen": 1}
    return load_cards(src)


SHARED = shared_backs()


def start(players, seed, cards=None):
    return new_game(players=players, seed=seed, characters="deal" if seed % 2 else "choose", cards=cards)


def walk(players, seed, every=7, cards=None):
    """(state, seat) pairs along one random game: every `every`-th position and the end, with the seat to
    move (seat 0 at a chance node or the end)."""
    for s in positions(start(players, seed, cards), seed, every):
        yield s, (s.to_move if s.to_move not in (CHANCE, None) else 0)


def at_ply(players, seed, ply, cards=None):
    return after(start(players, seed, cards), ply, seed)


def check_sample(s, p, rng_seed, play=True):
    d = checked_sample(ruins_of_mars, s, p, rng_seed, play)
    # only the seed and the faces of the AI's face-down Techs may change
    assert d._replace(seed=s.seed, boards=s.boards) == s
    for seat, (a, b) in enumerate(zip(d.boards, s.boards)):
        if not (s.solo and seat == AI):
            assert a == b
        else:
            assert a._replace(techs=b.techs) == b
            assert all(x == y for x, y, down in zip(a.techs, b.techs, b.face_down) if not down)
    return d


def hidden_swaps(s):
    """Positions differing from `s` only in what no seat sees, each still a valid position."""
    out = [s._replace(seed=s.seed ^ 0x5A5A5)]
    if not s.solo:
        return out
    b = s.boards[AI]
    ai = s.cards.ai
    back = {slot: (ai[c].level, ai[c].cost) for slot, c in enumerate(b.techs) if c is not None}
    down = [slot for slot in range(9) if b.face_down[slot]]

    def with_techs(techs):
        boards = list(s.boards)
        boards[AI] = b._replace(techs=tuple(techs))
        return s._replace(boards=tuple(boards))

    for i in down:  # two face-down Techs with the same back exchange their slots
        for j in down:
            if i < j and back[i] == back[j] and b.techs[i] != b.techs[j]:
                techs = list(b.techs)
                techs[i], techs[j] = techs[j], techs[i]
                out.append(with_techs(techs))
                break
    on_board = set(c for c in b.techs if c is not None)
    for i in down:  # a face-down Tech and one returned to the box with the same back
        boxed = [c for c, card in sorted(ai.items()) if c not in on_board and (card.level, card.cost) == back[i]]
        if boxed:
            techs = list(b.techs)
            techs[i] = boxed[0]
            out.append(with_techs(techs))
            break
    return out


def test_random_play_at_every_player_count_keeps_the_view_loads_and_ends():
    steps = Counter()
    for players in PLAYER_COUNTS:
        for k, (s, p) in enumerate(walk(players, 20 + players, every=29)):
            check_sample(s, p, k, play=k % 4 == 0)
            steps[s.step] += 1
    assert {"place_rover", "transfer", "action", "replicate", "game_over"} <= set(steps), steps


def test_the_solo_game_at_every_kind_of_step_with_face_down_techs():
    """The solo AI's face-down Techs, at its turns and the human's, at chance nodes (a reallocation's
    face-down tiles, the solo die, a display refill) too, with shared backs and the default cards: the
    first position of each kind and every 40th, for both seats."""
    seen = Counter()
    for cards, seed in ((SHARED, 1), (SHARED, 2), (None, 1)):
        for k, (s, p) in enumerate(walk(1, seed, every=1, cards=cards)):
            if not any(s.boards[AI].face_down):
                continue
            kind = (s.to_move, s.step if s.to_move != CHANCE else s.chance)
            seen[kind] += 1
            if seen[kind] == 1 or k % 40 == 0:
                for seat in (0, 1):
                    check_sample(s, seat, k, play=seat == 0 and seen[kind] == 1)
    kinds = set(seen)
    assert {(0, "place_rover"), (1, "place_rover"), (1, "replicate"), (0, "replicate")} <= kinds, seen
    assert {(CHANCE, "draw_tile"), (CHANCE, "solo_die")} <= kinds, seen


def test_positions_differing_only_in_hidden_things_give_the_same_sample():
    kinds = Counter()
    for players, cards in ((1, SHARED), (1, None), (2, None), (3, None), (4, None)):
        for s, p in walk(players, 50 + players, every=23, cards=cards):
            others = hidden_swaps(s)
            kinds[len(others)] += 1
            for other in others:
                assert_blind(ruins_of_mars, s, other, p)
    assert sum(n for k, n in kinds.items() if k >= 3) >= 3, kinds  # solo positions with both kinds of face swaps


def test_the_hidden_faces_really_vary_and_the_humans_board_does_not():
    s = at_ply(1, 3, 0, cards=SHARED)
    assert all(s.boards[AI].face_down)
    for p in (0, 1):
        faces, seeds = set(), set()
        for r in range(20):
            d = determinize(s, p, random.Random(r))
            assert d.boards[0] == s.boards[0]
            faces.add(d.boards[AI].techs)
            seeds.add(d.seed)
        assert len(faces) >= 2 and len(seeds) == 20
    # each Level 1 AI Tech (4, all with one back) lands in row 1 about a quarter of the time
    rng = random.Random(0)
    row1 = Counter(determinize(s, 0, rng).boards[AI].techs[0] for _ in range(2000))
    assert set(row1) == set(SHARED.ai_levels[0])
    assert all(400 < n < 600 for n in row1.values()), row1


def test_with_the_default_cards_the_backs_tell_the_faces():
    """The default AI Techs have a cost each of their own: the back shows the face, so the faces are
    kept (only the seed changes) -- a property of the illustrative card data, not of the sampler."""
    s = at_ply(1, 4, 5)
    assert any(s.boards[AI].face_down)
    for r in range(20):
        d = determinize(s, 0, random.Random(r))
        assert d.boards == s.boards and d.seed != s.seed


def test_multiplayer_only_the_seed_is_hidden():
    for players in (2, 3, 4):
        s = at_ply(players, 9, 40)
        d = determinize(s, 0, random.Random(5))
        assert d._replace(seed=s.seed) == s and d.seed == random.Random(5).getrandbits(48)


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from(PLAYER_COUNTS), seed=st.integers(0, 10**6), ply=st.integers(0, 300),
       shared=st.booleans(), rng_seed=st.integers(0, 2**32))
def test_property_view_kept_valid_and_a_function_of_the_view(players, seed, ply, shared, rng_seed):
    s = at_ply(players, seed, ply, cards=SHARED if shared else None)
    p = s.to_move if s.to_move not in (CHANCE, None) else seed % players
    d = check_sample(s, p, rng_seed)
    for other in hidden_swaps(s):
        assert determinize(other, p, random.Random(rng_seed)) == d
