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

Samples are small so the notebook runs in seconds: read the confidence intervals, not just the rates.
Everything is seeded, so the class sees the same numbers as the teacher."""),
code("""SEED = 2026
import matplotlib.pyplot as plt
import mars_rules
from mars_rules.core import simulate, compare, greedy_policy, random_policy, format_comparison
GAMES = {name: mars_rules.load(name) for name in ["ruins_of_mars", "mars_colony", "ruins", "on_mars"]}
N = 20  # games per experiment: enough to see large effects, small enough to run in seconds"""),
md("""## 1. First-player advantage under random play

For each game we start a 2-player game (seat 0 plays first, apart from games where the first player
is itself drawn at random) and let both seats play at random. With no skill involved, a big gap
between the seats would show a structural advantage."""),
code("""random_runs = {name: simulate(game.new_game(players=2, seed=SEED), N, seed=SEED, executor=None)
               for name, game in GAMES.items()}
for name, r in random_runs.items():
    lo, hi = r.win_interval(0)
    print(f"{GAMES[name].TITLE:14} seat 0 wins {r.win_rates()[0]:5.1%}  (95% CI {lo:.0%}-{hi:.0%})")"""),
md("""**Check your understanding.** Every game ends with at least one winner, so the win shares of the two
seats add up to 100% in every game, and each interval contains its rate."""),
code("""for r in random_runs.values():
    assert abs(sum(r.win_rates()) - 1) < 1e-9
    lo, hi = r.win_interval(0)
    assert lo <= r.win_rates()[0] <= hi
    assert len(r.winners) == N and all(r.winners)"""),
md("""## 2. Greedy against random

Now seat 0 plays greedily and seat 1 at random, then the other way round, so that any first-player
advantage cancels out. Each game's greedy player is a handful of rules of thumb: in Mars it builds
whatever it can afford; in On Mars it looks ahead through the few decisions of its own Main action;
in Ruins it empties its hand with its lowest ruins first; in Ruins of Mars it takes the action after
which its provisional PP plus resources and progress is highest."""),
code("""greedy_share = {}
for name, game in GAMES.items():
    start = game.new_game(players=2, seed=SEED)
    a = simulate(start, N, policies=[greedy_policy, random_policy], seed=SEED, executor=None)
    b = simulate(start, N, policies=[random_policy, greedy_policy], seed=SEED, executor=None)
    greedy_share[name] = (a.win_rates()[0] + b.win_rates()[1]) / 2
    print(f"{game.TITLE:14} greedy wins {greedy_share[name]:5.1%} of its games against random")"""),
code("""fig, ax = plt.subplots(figsize=(7, 2.8))
names = list(GAMES)
ax.bar([GAMES[n].TITLE for n in names], [100 * greedy_share[n] for n in names], color="#1b9e77")
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

Game length in actions (every decision and every chance event counts one), under random play."""),
code("""fig, axes = plt.subplots(1, 4, figsize=(12, 2.6))
for ax, (name, r) in zip(axes, random_runs.items()):
    ax.hist(r.lengths, bins=10, color="#7570b3")
    ax.set_title(GAMES[name].TITLE, fontsize=10); ax.set_xlabel("actions per game")
axes[0].set_ylabel("games")
fig.tight_layout(); plt.show()
from mars_rules.core.simulate import median
lengths = {name: median(r.lengths) for name, r in random_runs.items()}
lengths"""),
code("""assert all(length > 20 for length in lengths.values())  # every game takes many decisions"""),
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
md("""**Check your understanding.** Each candidate was played the same number of times, and its win
rate lies inside its own confidence interval. With 12 games per candidate the intervals are wide:
to tell close choices apart, raise `n` (the interval shrinks like one over its square root)."""),
code("""for rows in experiments.values():
    for c in rows:
        lo, hi = c.interval
        assert len(c.result.records) == 12 and lo <= c.win_rate <= hi
        assert hi - lo > 0.2  # 12 games cannot pin a rate down"""),
md("""## 5. Ruins of Mars: the solo AI against greedy

The Ruins of Mars solo rules play the opponent by a fixed procedure (Solo Variant, "AI Turn"): the
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
- `metric=lambda end: ...` collects any number per game (a final resource count, a round number)."""),
]
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, "notebooks/what_if_lab.ipynb")
