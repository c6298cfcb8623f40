"""Writes notebooks/what_if_lab.ipynb: `python tools/make_what_if_lab.py`. Importing it (as `make test` does,
to run the docstring examples of tools/) builds the notebook in memory and writes nothing."""
import pathlib

import nbformat as nbf

nb = nbf.v4.new_notebook()
md = lambda s: nbf.v4.new_markdown_cell(s)
code = lambda s: nbf.v4.new_code_cell(s)
nb.cells = [
md("""# The what-if lab: one question, four games

Every game in this project follows the same contract, so the same experiment runs on all four.
This notebook asks two questions of every game — **does the first player have an advantage?** and
**how long is a game?** — with random play and with a simple *greedy* player, then runs one
experiment from a concrete position in each game.

The tools, all in `mars_rules.core`:

- `simulate(state, n, policies, seed)` plays `n` games from a position to the end and returns winners,
  final score totals and game lengths (in actions, chance events included);
- `compare(state, actions, n, seed)` plays each candidate action and then `n` games after it, with
  *common random numbers* (the same dice for every candidate), and reports a win rate with a 95%
  confidence interval;
- `random_policy` picks any legal action; `greedy_policy` plays the game's own simple greedy player
  (`mars_rules.<game>.policies.greedy`, built on a cheap position value `evaluate(state, player)`: the
  provisional score plus what it does not see yet, such as resources or production). Each is a few
  lines of rules of thumb, described in its module: not a strong player, but clearly better than random.

Every result converts to a pandas DataFrame with `to_frame(result)` (from `widgets.frames`): one row per
game, per compared action or per analysed candidate. The plots below are drawn from those frames.

Samples are small so the notebook runs in seconds: read the confidence intervals, not just the rates.
Everything is seeded, so the class sees the same numbers as the teacher."""),
code("""SEED = 2026
import matplotlib.pyplot as plt
import pandas as pd
import mars_rules
from mars_rules.core import simulate, compare, greedy_policy, random_policy, format_comparison
from widgets.frames import to_frame
GAMES = {name: mars_rules.load(name) for name in ["ruins_of_mars", "mars_colony", "ruins", "on_mars"]}
N = 20  # games per experiment: enough to see large effects, small enough to run in seconds"""),
md("""### Two ways to end a game: the rules and the safeguards

Two of the games can end in two ways, and a seat advantage or a game length means little until we know which:

- **Mars** ends by the rules when a player ends their own turn with the target VP (option `target`, 12;
  [End of the Game](../docs/rules/mars_colony.md#end-of-the-game)).
  The project adds an **ASSUMED safeguard**, not in the rulebook: after round `turn_limit` (60) the
  highest VP wins. `mars_rules.mars_colony.end_reason(state)` names the ending from the final position.
- **On Mars** ends by the rules when the Remaining Missions marker reaches the end of its track (the
  Missions; [End of the Game](../docs/rules/on_mars.md#end-of-the-game)). The **ASSUMED safeguard** triggers the end after round `round_limit` (10). The final position
  cannot always tell the two apart (the safeguard may trigger the end and the marker then reach its end in
  the final round), so we watch the game's events as it is played, as `benchmarks/bench_policies.py` does.

Both are measured with random play and with the game's **best policy** in both seats: in Mars the greedy
builder (the strongest Mars player of the project), in On Mars `mission_seeker`
(`mars_rules.on_mars`), which plays for the Missions. `mission_seeker` looks far ahead and takes about
half a second per game, so it plays only **6 games** (20 for the others): read its shares as rough."""),
code("""from mars_rules.core import game_seed, playout
from mars_rules.core.simulate import GameRecord, SimulationResult
from mars_rules.mars_colony import end_reason as mars_end_reason
from mars_rules.on_mars import mission_seeker

BEST = {"mars_colony": ("greedy", greedy_policy), "on_mars": ("mission_seeker", mission_seeker)}
BEST_GAMES = {"mars_colony": N, "on_mars": 6}  # mission_seeker: about 0.5 s per game, so 6 games only


def mars_ending(end):
    # how a finished Mars game ended: "rules" (the target VP) or "safeguard" (the round limit)
    return {"target_vp": "rules", "round_limit": "safeguard"}[mars_end_reason(end)]


def on_mars_games(start, n, policy=None, seed=SEED):
    # The games simulate(start, n, policies=policy, seed=seed) plays (the same seeds), each with how it ended
    # as its metric: "rules" (the Missions) or "safeguard" (the round limit). A metric sees only the final
    # position, so the games are watched instead. The reading is on_mars_end's in benchmarks/bench_policies.py:
    # the safeguard triggered the end if an event says "safeguard", even if the marker reached its end after it.
    records = []
    for i in range(n):
        steps, safeguard = [0], [False]

        def watch(state, _action):  # called before every action, chance included
            steps[0] += 1
            safeguard[0] = safeguard[0] or any("safeguard" in e for e in state.events)

        end = playout(start._replace(seed=game_seed(seed, i)), policy, seed=game_seed(seed + 1, i), on_step=watch)
        ending = "safeguard" if safeguard[0] or any("safeguard" in e for e in end.events) else "rules"
        records.append(GameRecord(i, tuple(end.winners()), tuple(end.score().totals), steps[0], ending))
    return SimulationResult(tuple(start.players), tuple(records))


def ended(r):
    # the "by the rules" and "by the safeguard" cells of a table row: games and share
    k, n = r.metrics.count("rules"), len(r.records)
    return f"{k} ({k / n:.0%})", f"{n - k} ({(n - k) / n:.0%})\""""),
md("""## 1. First-player advantage under random play

For each game we start a 2-player game (seat 0 plays first, apart from games where the first player
is itself drawn at random) and let both seats play at random. With no skill involved, a big gap
between the seats would show a structural advantage. For Mars and On Mars the table below adds the
best policy in both seats, and how the games ended: by the rules or by the ASSUMED safeguard."""),
code("""random_runs = {name: simulate(game.new_game(players=2, seed=SEED), N, seed=SEED, executor=None,
                              metric=mars_ending if name == "mars_colony" else None)
               for name, game in GAMES.items()}
for name, r in random_runs.items():
    lo, hi = r.win_interval(0)
    print(f"{GAMES[name].TITLE:14} seat 0 wins {r.win_rates()[0]:5.1%}  (95% CI {lo:.0%}-{hi:.0%})")

# Mars and On Mars, random play and the best policy in both seats, with how each game ended
runs = {}
for name, (label, policy) in BEST.items():
    start = GAMES[name].new_game(players=2, seed=SEED)
    if name == "mars_colony":  # the final position tells how a Mars game ended: a metric of simulate
        runs[name, "random"] = random_runs[name]
        runs[name, label] = simulate(start, N, policies=policy, seed=SEED, executor=None, metric=mars_ending)
    else:  # On Mars: the games are watched as they are played
        runs[name, "random"] = on_mars_games(start, N)
        runs[name, label] = on_mars_games(start, BEST_GAMES[name], policy)
print()
print(f"{'game':9}{'play':16}{'games':>5}  {'seat 0 wins':>11} {'95% CI':>9}  {'by the rules':>12}  {'by the safeguard':>16}")
for (name, label), r in runs.items():
    lo, hi = r.win_interval(0)
    rules, safeguard = ended(r)
    print(f"{GAMES[name].TITLE:9}{label:16}{len(r.records):5}  {r.win_rates()[0]:11.0%} {lo:4.0%}-{hi:<4.0%}"
          f"  {rules:>12}  {safeguard:>16}")"""),
md("""**Check your understanding.** Every game ends with at least one winner, so the win shares of the two
seats add up to 100% in every game, and each interval contains its rate. Every game ends one way or
the other, and the watched On Mars games are the very games `simulate` played. The best policy ends
more games by the rules than random play does."""),
code("""for r in list(random_runs.values()) + list(runs.values()):
    assert abs(sum(r.win_rates()) - 1) < 1e-9
    lo, hi = r.win_interval(0)
    assert lo <= r.win_rates()[0] <= hi
    assert all(r.winners)
assert all(len(r.winners) == N for r in random_runs.values())
assert all(set(r.metrics) <= {"rules", "safeguard"} for r in runs.values())
watched, simulated = runs["on_mars", "random"], random_runs["on_mars"]
assert (watched.winners, watched.lengths) == (simulated.winners, simulated.lengths)  # the same games
for name, (label, _policy) in BEST.items():
    best, rand = runs[name, label], runs[name, "random"]
    assert best.metrics.count("rules") / len(best.records) > rand.metrics.count("rules") / len(rand.records)"""),
md("""## 2. Greedy against random

Now seat 0 plays greedily and seat 1 at random, then the other way round, so that any first-player
advantage cancels out. Each game's greedy player is a handful of rules of thumb: in Mars it builds
whatever it can afford; in On Mars it looks ahead through the few decisions of its own Main action;
in Ruins it empties its hand with its lowest ruins first; in Ruins of Mars it takes the action after
which its provisional PP plus resources and progress is highest."""),
code("""greedy_share = {}
for name, game in GAMES.items():
    start = game.new_game(players=2, seed=SEED)
    first, second = start.players
    a = to_frame(simulate(start, N, policies=[greedy_policy, random_policy], seed=SEED, executor=None))
    b = to_frame(simulate(start, N, policies=[random_policy, greedy_policy], seed=SEED, executor=None))
    # one row per game: the greedy seat's win (1, 0, or a share of a tie) is seat 0's in a, seat 1's in b
    greedy_share[name] = pd.concat([a[f"{first} won"], b[f"{second} won"]]).mean()
    print(f"{game.TITLE:14} greedy wins {greedy_share[name]:5.1%} of its games against random")"""),
code("""fig, ax = plt.subplots(figsize=(7, 2.8))
shares = 100 * pd.Series(greedy_share).rename(index=lambda name: GAMES[name].TITLE)
shares.plot.bar(ax=ax, color="#1b9e77", rot=0)
ax.axhline(50, color="k", ls="--", lw=1)
ax.set_ylabel("greedy win %"); ax.set_ylim(0, 100)
ax.set_title("Greedy play against random play (2 players)")
plt.show()"""),
md("""**Check your understanding.** With 2 × 20 games the 95% interval around a rate near 90% is about
±10 points, so the check below claims less than was measured: greedy play wins more than 70% of its
games against random in every game (`benchmarks/bench_policies.py` measures 100 games per seat order:
91.5% in Ruins, 94.5% in On Mars and 100% in Mars and in Ruins of Mars). Simple rules of thumb beat random play by far,
so a random opponent says little about how good a strategy is: compare it with the greedy player too."""),
code("""assert all(share > 0.7 for share in greedy_share.values()), greedy_share"""),
md("""## 3. How long is a game?

Game length in actions (every decision and every chance event counts one), under random play; then,
for Mars and On Mars, under the best policy too, with how the games ended. A game stopped by a
safeguard measures the safeguard's round limit, not the game."""),
code("""random_frames = {name: to_frame(r) for name, r in random_runs.items()}  # one row per game
fig, axes = plt.subplots(1, 4, figsize=(12, 2.6))
for ax, (name, frame) in zip(axes, random_frames.items()):
    frame["length"].plot.hist(ax=ax, bins=10, color="#7570b3")
    ax.set_title(GAMES[name].TITLE, fontsize=10); ax.set_xlabel("actions per game"); ax.set_ylabel("")
axes[0].set_ylabel("games")
fig.tight_layout(); plt.show()
lengths = {name: frame["length"].median() for name, frame in random_frames.items()}
print(f"Median length, random play, {N} games each: "
      + ", ".join(f"{GAMES[name].TITLE} {length:g}" for name, length in lengths.items()) + " actions")
print()
print(f"{'game':9}{'play':16}{'games':>5}  {'median length':>13}  {'by the rules':>12}  {'by the safeguard':>16}")
for (name, label), r in runs.items():
    rules, safeguard = ended(r)
    print(f"{GAMES[name].TITLE:9}{label:16}{len(r.records):5}  {to_frame(r)['length'].median():13g}  {rules:>12}  {safeguard:>16}")"""),
md("""**Check your understanding.** Under random play Mars rarely reaches the target VP: most games run into
the ASSUMED round limit, so their length is mostly the safeguard's, and the greedy builder, which reaches the
target in every game, plays a game several times shorter. On Mars under random play almost never completes the
Missions; `mission_seeker` ends most of its games by them, as the rulebook intends (`benchmarks/bench_policies.py`
measures 80-100% over 30 games per player count). A rule that only the safeguard ever triggers is worth a look."""),
code("""assert all(length > 20 for length in lengths.values())  # every game takes many decisions
mars, seeker = runs["mars_colony", "random"], runs["on_mars", "mission_seeker"]
assert mars.metrics.count("safeguard") > N / 2 and runs["mars_colony", "greedy"].metrics.count("rules") == N
assert 3 * to_frame(runs["mars_colony", "greedy"])["length"].median() < to_frame(mars)["length"].median()
assert runs["on_mars", "random"].metrics.count("rules") <= 1 and seeker.metrics.count("rules") > len(seeker.records) / 2"""),
md("""## 4. One experiment from a position, per game

`compare` plays each candidate action from the same position and then `N` random games after each.
Because the same seeds are used for every candidate, the differences come from the choice, not from
luckier dice. Here: the first few choices of the first decision of each game."""),
code("""def first_decision(game, seed):
    state = game.new_game(players=2, seed=seed)
    while state.to_move == mars_rules.CHANCE or len(state.legal_actions()) < 2:
        state = state.resolve_chance() if state.to_move == mars_rules.CHANCE else state.apply(state.legal_actions()[0])
    return state

experiments = {}
for name, game in GAMES.items():
    state = first_decision(game, SEED)
    rows = compare(state, state.legal_actions()[:3], n=12, seed=SEED, executor=None)
    experiments[name] = rows
    print(f"== {game.TITLE}, step {state.step!r}")
    print(format_comparison(rows))"""),
code("""fig, axes = plt.subplots(1, 4, figsize=(12, 2.4), sharex=True)
for ax, (name, rows) in zip(axes, experiments.items()):
    frame = to_frame(rows)  # one row per candidate action, in the order printed above
    ax.errorbar(frame["win_rate"], frame.index + 1, fmt="o", color="#d95f02",
                xerr=[frame["win_rate"] - frame["low"], frame["high"] - frame["win_rate"]], capsize=3)
    ax.axvline(0.5, color="k", ls="--", lw=1)
    ax.set_title(GAMES[name].TITLE, fontsize=10); ax.set_xlabel("win rate (95% interval)")
    ax.set_yticks(frame.index + 1); ax.set_ylim(len(frame) + 0.5, 0.5); ax.set_xlim(0, 1)
axes[0].set_ylabel("candidate")
fig.tight_layout(); plt.show()"""),
md("""The figure draws each candidate's win rate (the dot) and its 95% interval (the bar) from `to_frame(rows)`,
one row per candidate in the order printed above.

**Check your understanding.** Each candidate was played the same number of times, and its win
rate lies inside its own confidence interval. With 12 games per candidate the intervals are wide:
to tell close choices apart, raise `n` (the interval shrinks like one over its square root)."""),
code("""for rows in experiments.values():
    for c in rows:
        lo, hi = c.interval
        assert len(c.result.records) == 12 and lo <= c.win_rate <= hi
        assert hi - lo > 0.2  # 12 games cannot pin a rate down"""),
md("""## 5. Ruins of Mars: the solo AI against greedy

The Ruins of Mars solo rules play the opponent by a fixed procedure ([Solo Variant: AI Turn](../docs/rules/ruins_of_mars.md#solo-variant-ai-turn)): the
Rover goes on the Site with the most tiles (the rightmost of the tied), it never transfers a tile, it
uses every Wrench, takes the resource it has least of and advances its highest Language track, and
replicates the most expensive Tech it can afford. `ai_policy` (in `mars_rules.ruins_of_mars.policies`)
plays that procedure for **any** seat of any game, so the AI can meet random play, greedy play and
itself. (On the display it picks by printed cost, the highest Level and then the topmost space on a
tie; it uses no Tech or Character ability, except the Doctor's one-for-one Hourglass for Radiation,
the AI's own rule. These readings are the project's, for a seat that is not the solo AI.)

**Not the solo game.** [Ruins of Mars notebook 4](ruins_of_mars/04_solo_against_the_ai.ipynb) shows the greedy player *losing* to the AI:
there the AI is the rulebook's solo opponent, in the **Solo Variant**: it owns 9 face-down AI Techs from the setup
(it never competes for the display, and each one it reveals throws away a display card), it scores **10 PP per
complete row** whatever the Classifications, it reallocates an extra Site every turn, and a **tie goes to the AI**.
Here the AI's *procedure* plays one seat of a **normal** 2-player game, with normal scoring for both seats. The two
notebooks measure different games; over many solo setups each side wins some games (notebook 4 counts 20)."""),
code("""from mars_rules.ruins_of_mars import ai_policy
rom_start = GAMES["ruins_of_mars"].new_game(players=2, seed=SEED)

def share(first, second):
    # first's share of wins against second, N games in each seat order
    a = simulate(rom_start, N, policies=[first, second], seed=SEED, executor=None)
    b = simulate(rom_start, N, policies=[second, first], seed=SEED + 1, executor=None)
    return (a.win_rates()[0] + b.win_rates()[1]) / 2

ai_vs_random = share(ai_policy, random_policy)
ai_vs_greedy = share(ai_policy, greedy_policy)
ai_vs_ai = simulate(rom_start, 2 * N, policies=[ai_policy, ai_policy], seed=SEED, executor=None)
first = rom_start.first  # drawn when the game was set up: the same first player in every game
print(f"AI against random: the AI wins {ai_vs_random:.0%}")
print(f"AI against greedy: the AI wins {ai_vs_greedy:.0%}")
lo, hi = ai_vs_ai.win_interval(first)
print(f"AI against AI: the first player ({rom_start.players[first]}) wins {ai_vs_ai.win_rates()[first]:.0%} "
      f"(95% CI {lo:.0%}-{hi:.0%})")"""),
md("""**Check your understanding.** The AI's procedure beats random play in more than 80% of the games, but
the greedy player, which weighs what each choice gains, beats the AI: the AI wins fewer than half of
its games against greedy (the benchmark measures about 30% over 200 games). When the AI plays itself,
both seats make the same kind of choice and the first player wins most games: the procedure takes the
richest Site first, and the second player finds it reallocated. That is a first-player advantage of
the procedure, not necessarily of the game."""),
code("""assert ai_vs_random > 0.8
assert ai_vs_greedy < 0.5
assert ai_vs_ai.win_rates()[first] > 0.6"""),
md("""## Going further

- Larger runs use a process pool automatically (`simulate(state, 2000, seed=1)`), and a
  `dask.distributed` cluster plugs in with `executor=client.get_executor()`.
- A notebook-defined policy (a `lambda`) cannot be sent to another process: it runs here instead,
  with a note in `result.notes`.
- `metric=lambda end: ...` collects any number per game (a final resource count, a round number).
- `to_frame(result)` (from `widgets.frames`) gives any `simulate`, `compare` or `analyse` result as a
  pandas DataFrame, and `rows_frame(analysis)` the mean final score sheet after a candidate."""),
]
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
if __name__ == "__main__":
    nbf.write(nb, pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "what_if_lab.ipynb")
