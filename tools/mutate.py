"""``make mutate``: put named mistakes into the package one at a time and report the share the tests catch.

Each mutant is (name, file, an exact snippet of today's code, its replacement). For each one the script
copies the repository's ``thirtyone/``, ``tests/``, ``docs/``, ``tools/``, ``notebooks/``, ``share/`` and
``binder/`` (with ``pyproject.toml``, pytest's settings, ``babel.cfg``, ``Makefile`` and ``README.md``, which
the tests read) into a temporary directory, replaces the snippet there, and runs the tests that should
catch it against that copy (those not marked browser or slow): the mutant's own ``tests`` first, then its
file's (``FILE_TESTS``: a module's tests and its callers'), or the engine tests (``ENGINE_TESTS``) for the
engine's files (game, scoring, narration, lockstep). Pytest runs with ``-x -q -p no:cacheprovider``
(the pointed tests first, so a caught mutant costs little), the working directory and ``PYTHONPATH`` set to
the copy, so the copy's package is imported, not the editable install (checked for every copy: one whose
``import thirtyone`` resolves elsewhere stops the script). The repository itself is never modified.
Bytecode caches are not copied: a same-length replacement keeps the file's size, and a copied ``.pyc`` with
the original's timestamp would be taken for the mutated source.

A mutant is *caught* when the tests fail (or time out: 4 × the unmutated run of every test file the chosen
mutants use), *survived* when they pass. A snippet that is not found exactly once is *stale*: the list has
fallen behind the code; the script then exits 2, so the list stays honest. Mutants known to change no
behaviour are marked ``equivalent`` with the reason and left out of the share. Exit 1 when fewer than
``GOAL`` of the other mutants are caught, else 0. 298 mutants cover every module of the package and the
widgets; a caught one costs 5-60 s, a survivor its whole set of tests (30-150 s). The whole run took about
30 minutes with ``-j 2`` on a two-core machine shared with other work (12,900 × an empty 10-million-step loop).

    .venv/bin/python tools/mutate.py              # every mutant
    .venv/bin/python tools/mutate.py --list       # the names, files and what each one breaks
    .venv/bin/python tools/mutate.py --check      # is every snippet still in the code? (no tests run)
    .venv/bin/python tools/mutate.py --only judge-fire-spares-31 quiz-rounds-the-answer -j 2
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 0.95
"""The share of behaviour-changing mutants the tests must catch."""
ENGINE_TESTS = (
    # quick and pointed first: -x stops at the first failure, so a caught mutant costs little
    "tests/engine/test_guards.py", "tests/engine/test_scoring.py", "tests/engine/test_game.py", "tests/engine/test_game_showdown.py",
    "tests/engine/test_game_draw.py", "tests/engine/test_game_commerce.py", "tests/engine/test_game_properties.py",
    "tests/widgets/test_variants.py", "tests/engine/test_odds.py", "tests/sim/test_conformance.py", "tests/sim/test_lockstep.py",
    "tests/sim/test_rollout.py",
)
"""The engine tests each mutant is run against (those of them that exist), not marked browser or slow."""
_WIDGETS = ("tests/widgets/test_widgets.py", "tests/widgets/test_table.py", "tests/widgets/test_play.py", "tests/widgets/test_guide.py",
            "tests/widgets/test_advisor.py", "tests/widgets/test_ruleset.py", "tests/course/test_i18n.py")
FILE_TESTS: dict[str, tuple[str, ...]] = {
    # the tests of each module, pointed first: run before the engine tests (see tests_for)
    "thirtyone/bots.py": ("tests/sim/test_expert_spots.py", "tests/sim/test_bots.py", "tests/sim/test_bots_behaviour.py", "tests/course/test_course_claims.py", "tests/sim/test_analysis.py",
                          "tests/sim/test_lockstep.py", "tests/sim/test_rollout.py"),
    "thirtyone/worlds.py": ("tests/sim/test_worlds.py", "tests/sim/test_bots.py", "tests/sim/test_rollout.py",
                            "tests/sim/test_expert_spots.py", "tests/sim/test_lockstep.py", "tests/sim/test_pure_python.py"),
    "thirtyone/compute.py": ("tests/sim/test_pure_python.py",),
    "thirtyone/reading.py": ("tests/sim/test_reading.py", "tests/sim/test_coach.py", "tests/sim/test_expert_spots.py"),
    "thirtyone/purestep.py": ("tests/sim/test_pure_python.py", "tests/sim/test_worlds.py"),
    "thirtyone/policy.py": ("tests/sim/test_bots.py", "tests/sim/test_bots_behaviour.py", "tests/course/test_course_claims.py",
                            *ENGINE_TESTS),
    "thirtyone/odds.py": ("tests/engine/test_odds.py", "tests/sim/test_cli.py"),
    "thirtyone/narration.py": ("tests/engine/test_layers.py", "tests/engine/test_repr.py", "tests/engine/test_i18n_engine.py",
                               "tests/course/test_card_letters.py", *ENGINE_TESTS, "tests/course/test_whole_sentences.py"),
    "thirtyone/analysis.py": ("tests/sim/test_analysis.py", "tests/sim/test_coach.py", "tests/widgets/test_advisor.py", "tests/sim/test_cli.py"),
    "thirtyone/stats.py": ("tests/sim/test_analysis.py", "tests/sim/test_coach.py", "tests/widgets/test_advisor.py", "tests/sim/test_strength.py",
                           "tests/widgets/test_coach_words.py"),
    "thirtyone/knockrules.py": ("tests/sim/test_analysis.py", "tests/sim/test_bots.py", "tests/course/test_course_claims.py"),
    "thirtyone/progress.py": ("tests/engine/test_progress.py", "tests/widgets/test_memory.py"),
    "thirtyone/timing.py": ("tests/widgets/test_advisor.py", "tests/widgets/test_advisor_behaviour.py", "tests/course/test_i18n_lesson5.py",
                            "tests/course/test_visit.py"),
    "thirtyone/coach.py": ("tests/sim/test_coach.py", "tests/widgets/test_coach_words.py", "tests/course/test_i18n_lesson5.py",
                           "tests/widgets/test_play.py", "tests/course/test_whole_sentences.py"),
    "thirtyone/replay.py": ("tests/sim/test_replay.py", "tests/widgets/test_round_replay.py"),
    "thirtyone/widgets/roundreplay.py": ("tests/widgets/test_round_replay.py", "tests/course/test_whole_sentences.py",
                                         "tests/course/test_i18n.py"),
    "thirtyone/side_by_side.py": ("tests/widgets/test_variants.py", "tests/course/test_i18n.py"),
    "thirtyone/rules.py": ("tests/engine/test_rules.py", "tests/widgets/test_ruleset.py", "tests/course/test_i18n.py", *ENGINE_TESTS),
    "thirtyone/cards.py": ("tests/engine/test_cards.py", "tests/engine/test_cards_behaviour.py", "tests/engine/test_i18n_engine.py",
                           *ENGINE_TESTS),
    "thirtyone/i18n.py": ("tests/course/test_i18n.py", "tests/engine/test_i18n_engine.py", "tests/course/test_card_letters.py",
                          "tests/course/test_i18n_lesson5.py"),
    "thirtyone/strategy.py": ("tests/course/test_visit.py", "tests/widgets/test_advisor.py", "tests/course/test_i18n_lesson5.py"),
    "thirtyone/precomputed.py": ("tests/course/test_visit.py", "tests/widgets/test_advisor.py"),
    "thirtyone/names.py": ("tests/widgets/test_ruleset.py", "tests/widgets/test_variants.py", "tests/course/test_course_contradictions.py",
                           "tests/course/test_i18n.py", "tests/widgets/test_advisor.py"),
    "thirtyone/cli.py": ("tests/sim/test_cli.py", "tests/course/test_visit.py", "tests/engine/test_shipped.py"),
    "thirtyone/shipped.py": ("tests/engine/test_shipped.py", "tests/sim/test_cli.py", "tests/engine/test_scoring.py", "tests/course/test_visit.py"),
    "thirtyone/strength.py": ("tests/sim/test_strength.py",),
    "thirtyone/server.py": ("tests/server/test_server_settings.py",),
    **{f"thirtyone/classroom/{name}.py": ("tests/classroom/test_tables.py", "tests/classroom/test_store.py",
                                           "tests/classroom/test_service.py", "tests/classroom/test_secrecy.py",
                                           "tests/classroom/test_restart.py")
       for name in ("protocol", "tables", "store", "service", "client", "__main__")},
    "thirtyone/course.py": ("tests/course/test_manifest.py", "tests/widgets/test_memory.py",
                            "tests/server/test_server_settings.py", "tests/course/test_notebooks.py"),
    **{f"thirtyone/widgets/{name}.py": tuple(dict.fromkeys((own, *_WIDGETS))) for name, own in (
        ("table", "tests/widgets/test_table.py"), ("tablecontrol", "tests/widgets/test_table_control.py"),
        ("quiz", "tests/widgets/test_widgets.py"), ("picker", "tests/widgets/test_widgets.py"),
        ("advisor", "tests/widgets/test_advisor.py"), ("play", "tests/widgets/test_play.py"), ("guide", "tests/widgets/test_guide.py"),
        ("ruleset", "tests/widgets/test_ruleset.py"), ("charts", "tests/widgets/test_charts_svg.py"), ("study", "tests/widgets/test_charts_svg.py"),
        ("variants", "tests/widgets/test_variants.py"), ("views", "tests/widgets/test_widgets.py"), ("card", "tests/widgets/test_widgets.py"),
        ("_html", "tests/widgets/test_widgets.py"))},
    "thirtyone/widgets/classcontrol.py": ("tests/widgets/test_classplay.py",),
    "thirtyone/widgets/classplay.py": ("tests/widgets/test_classplay.py",),
    "thirtyone/widgets/classteacher.py": ("tests/widgets/test_classteacher.py",),
    "thirtyone/widgets/classlink.py": ("tests/widgets/test_classplay.py", "tests/widgets/test_classteacher.py"),
    "thirtyone/widgets/advisor.py": tuple(dict.fromkeys(("tests/widgets/test_advisor.py", "tests/widgets/test_advisor_behaviour.py",
                                                         *_WIDGETS, "tests/course/test_whole_sentences.py"))),
    "thirtyone/readwords.py": ("tests/widgets/test_coach_read.py", "tests/widgets/test_table_reading.py",
                               "tests/course/test_whole_sentences.py"),
    "thirtyone/widgets/tableread.py": ("tests/widgets/test_table_reading.py", "tests/widgets/test_memory.py",
                                       "tests/course/test_i18n_lesson5.py"),
    "thirtyone/widgets/svgchart.py": ("tests/widgets/test_charts_svg.py", "tests/widgets/test_advisor.py", "tests/widgets/test_play.py"),
    "thirtyone/widgets/failure.py": ("tests/sim/test_pure_python.py", "tests/widgets/test_advisor.py", "tests/widgets/test_play.py"),
}
"""The tests each file's mutants run against (after a mutant's own ``tests``), instead of the engine tests:
the module's own, and its callers' where those are the ones that show its mistakes. The engine's files
(game, scoring, narration, lockstep) are not listed: their mutants run against ``ENGINE_TESTS``."""
COPIED = ("thirtyone", "tests", "docs", "tools", "notebooks", "share", "binder")
"""Directories copied for each mutant (with ``pyproject.toml``, ``babel.cfg``, ``Makefile`` and ``README.md``, whose examples a test runs): the
widget and lesson tests read the notebooks, the lessons' sources in ``tools/`` and the Voilà template."""


@dataclass(frozen=True)
class Mutant:
    name: str
    file: str
    """Path from the repository's root."""
    old: str
    """An exact snippet of today's code; it must occur exactly once in ``file``."""
    new: str
    what: str
    """The mistake in words."""
    equivalent: str = ""
    """Why the mutant changes no behaviour a user could see (it is then left out of the share)."""
    tests: tuple[str, ...] = ()
    """Test files that should catch this mistake, run first (before those of its file)."""


def tests_for(m: Mutant, base: Sequence[str] = ENGINE_TESTS) -> list[str]:
    """The tests a mutant runs against, pointed first (-x stops at the first failure): its own, then its
    file's (``FILE_TESTS``), or ``base`` (the engine tests) for a file not listed there; each once."""
    return list(dict.fromkeys((*m.tests, *FILE_TESTS.get(m.file, base))))


@dataclass
class Outcome:
    mutant: Mutant
    status: str
    """``caught``, ``survived``, ``stale`` or ``invalid`` (the mutated file does not compile)."""
    seconds: float = 0.0
    detail: str = ""
    """The first failing test, or why the mutant could not be applied."""


S, G, L, P = "thirtyone/scoring.py", "thirtyone/game.py", "thirtyone/lockstep.py", "thirtyone/policy.py"
N = "thirtyone/narration.py"

MUTANTS: tuple[Mutant, ...] = (
    # -- scoring: values, triples, tie-breaks, explanations --------------------------------------------
    Mutant("score-equal-suits-lower-counts", S,
           "    suit = totals.index(best)\n",
           "    suit = 3 - totals[::-1].index(best)\n",
           "two suits of equal best sum: the lower in Skat order counts (decision 15 says the higher)"),
    Mutant("score-aces-reasons-value", S,
           'return Score(cards, float(aces), None, cards, (), "three_aces",',
           'return Score(cards, float(aces) - 1, None, cards, (), "three_aces",',
           "score's three aces worth one less than the table says"),
    Mutant("score-suit-tiebreak-inverted", S,
           "rule, 3 - suit)",
           "rule, suit)",
           "the scoring suit's tie-break reversed (diamonds beat clubs)"),
    Mutant("score-thirty-one-rule-name", S,
           'rule = "thirty_one" if best == 31 and len(cards) == 3 else "suit"',
           'rule = "thirty_one" if best >= 30 and len(cards) == 3 else "suit"',
           "a 30 named and explained as 31"),
    Mutant("score-plain-tiebreak-inverted", S,
           "return best, 3 - totals.index(best), len(",
           "return best, totals.index(best), len(",
           "the table's tie-break byte reversed"),
    Mutant("score-lookup-accepts-duplicates", S,
           "a == b or b == c or a == c:",
           "a == b or b == c:",
           "hand_value of a hand holding a card twice answers a number instead of an error"),
    Mutant("score-whole-table-no-options", S,
           "            for hand, v, _tb in option_triples(*self.options):\n                self[hand] = v\n",
           "            for hand, v, _tb in option_triples(*self.options):\n                pass\n",
           "value_table forgets three of a kind and three aces"),
    Mutant("score-rank-table-triple-tiebreak", S,
           "            table[hand] = Ranked(v, tb)\n",
           "            table[hand] = Ranked(v, 0)\n",
           "rank_table's triples lose their rank tie-break"),
    Mutant("score-rank-codes-mask-7", S,
           "Ranked(code[0] / 2, code[1] & 15)",
           "Ranked(code[0] / 2, code[1] & 7)",
           "rank_table's tie-break masked with 7 instead of 15",
           equivalent="the tie-break is 0..3, so bits 3 and up are the suit count's: & 7 and & 15 agree"),
    Mutant("score-tables-keyed-without-aces", S,
           "return _tables(rules.three_of_a_kind, rules.three_aces)",
           "return _tables(rules.three_of_a_kind, None)",
           "scoring_tables keyed without three_aces: rules that differ only there share one set of tables"),
    Mutant("score-keep-key-more-suits", S,
           "return value - suits * SUIT_SHARE",
           "return value + suits * SUIT_SHARE",
           "the keep key prefers more suits: the greedy play keeps hands spread over suits"),
    Mutant("score-hand-value-no-aces", S,
           "special = float(aces) if rank == 12 and aces is not None else toak",
           "special = toak",
           "hand_value forgets the three-aces rule"),
    Mutant("score-dealt-score-no-triples", S,
           "_tables(rules.three_of_a_kind, rules.three_aces).book[tuple(sorted(hand))]",
           "_tables(None, rules.three_aces).book[tuple(sorted(hand))]",
           "the showdown's scores forget three of a kind"),
    Mutant("score-key-ignores-ties-option", S,
           'return (self.value, self.tiebreak if rules.ties == "tiebreak" else 0)',
           "return (self.value, self.tiebreak)",
           "Score.key breaks ties even when the rules say everyone tied loses"),
    # -- judge: Feuer, 31, ties, the knocker, under 21 ----------------------------------------------------
    Mutant("judge-fire-spares-31", P,
           "return _everyone_else_loses(scores, holders, spare_31=False)",
           "return _everyone_else_loses(scores, holders, spare_31=True)",
           "Feuer spares a player holding 31 (decision 14: Feuer beats 31)"),
    Mutant("judge-fire-no-winner", P,
           "    return (holders[0] if len(holders) == 1 else None), (), losses, reasons",
           "    return None, (), losses, reasons",
           "Feuer or a 31 that ends the round has no winner"),
    Mutant("judge-31-holders-lose", P,
           "if sc is None or s in holders or (spare_31 and sc.value == 31):",
           "if sc is None or s in holders:",
           "a second 31 loses a life when another player shows 31"),
    Mutant("judge-31-showdown-as-others-lose", P,
           'if how == RoundEnd.THIRTY_ONE and rules.instant_31 == "others_lose":',
           "if how == RoundEnd.THIRTY_ONE:",
           "a 31 under instant_31='showdown' costs everyone else a life"),
    Mutant("judge-knocker-never-wins-ties", P,
           "bonus = rules.knocker_wins_ties\n",
           "bonus = False\n",
           "the knocker_wins_ties option ignored"),
    Mutant("judge-shared-top-wins", P,
           "    winner = tops[0] if len(tops) == 1 else None\n",
           "    winner = tops[0]\n",
           "a shared top hand still names a winner"),
    Mutant("judge-lowest-ignores-tiebreak", P,
           "lowest = tuple(s for s in seats if keys[s] == low)",
           "lowest = tuple(s for s in seats if keys[s][0] == low[0])",
           "every hand of the lowest value loses, the tie-break ignored"),
    Mutant("judge-under-21-includes-21", P,
           "if keys[s][0] < 21] or list(lowest))",
           "if keys[s][0] <= 21] or list(lowest))",
           "under_21: a hand of exactly 21 loses"),
    Mutant("judge-under-21-nobody-under", P,
           "if keys[s][0] < 21] or list(lowest))",
           "if keys[s][0] < 21] or [])",
           "under_21: when nobody is under 21, nobody loses (the lowest should)"),
    Mutant("judge-winner-may-lose", P,
           "        if s == winner or s in holders or value == 31:\n",
           "        if s in holders or value == 31:\n",
           "the winner loses too when everyone is under 21"),
    Mutant("judge-knocker-one-life", P,
           "            lost = 2\n",
           "            lost = 1\n",
           "a knocker with the lowest hand loses one life where the rules say two"),
    Mutant("judge-two-if-sole-shared", P,
           'rules.knocker_lowest == "two_if_sole" and lowest == (s,))',
           'rules.knocker_lowest == "two_if_sole")',
           "two_if_sole: a knocker tied for lowest loses two lives"),
    Mutant("judge-knocker-two-not-lowest", P,
           "if s == knocker and s in lowest and (",
           "if s == knocker and (",
           "under_21: a knocker under 21 but not lowest loses two lives"),
    # -- lives, swimming, void rounds ------------------------------------------------------------------
    Mutant("lives-no-swimming", G,
           "if lives[seat] == 0 and not swim:",
           "if lives[seat] == 0:",
           "swimming ignored: the last life lost puts a player out at once"),
    Mutant("lives-one-at-most", G,
           "for _life in range(n):  # decision 2",
           "for _life in range(min(n, 1)):  # decision 2",
           "a two-life loss costs one life"),
    Mutant("lives-swimmer-stays-in", G,
           "                else:\n                    out[seat] = True\n        void",
           "                else:\n                    pass\n        void",
           "a swimming player who loses again stays in"),
    Mutant("lives-never-void", G,
           "void = all(out[s] for s in self.active)  # decision 3",
           "void = False  # decision 3",
           "a round that would put everyone out is not voided"),
    Mutant("flow-void-passes-deal", G,
           "dealer = self.dealer if void else self._next_seat(self.dealer)",
           "dealer = self._next_seat(self.dealer)",
           "a voided round's deal passes on (decision 3: dealt again by the same dealer)"),
    # -- knock rules -----------------------------------------------------------------------------------
    Mutant("knock-not-first-turn-allows-first", P,
           "        return turns > 0\n",
           "        return turns >= 0\n",
           "not_first_turn: a knock on the very first turn"),
    Mutant("knock-own-first-turn-not-dealer", P,
           "return has_played or is_dealer",
           "return has_played",
           "not_own_first_turn: the dealer may not knock in their first turn"),
    Mutant("knock-first-orbit-short", P,
           "return turns >= active  # not_first_orbit",
           "return turns >= active - 1  # not_first_orbit",
           "not_first_orbit: a knock one turn before everyone has played"),
    Mutant("knock-legal-twice-guard", G,
           "knock = self.knocker is None and self._may_knock(p)",
           "knock = self._may_knock(p)",
           "the knock offer without its own 'nobody knocked yet' test",
           equivalent="_may_knock returns False once someone has knocked"),
    Mutant("knock-showdown-a-turn-early", G,
           "        if knocker is not None and nxt == knocker:\n",
           "        if knocker is not None and self._next_seat(nxt) == knocker:\n",
           "the showdown comes before the last player's turn after a knock"),
    # -- 31 and Feuer ----------------------------------------------------------------------------------
    Mutant("fire-without-the-rule", G,
           "        if r.fire and len(hand) == 3 and all(c.rank == 12 for c in hand):\n",
           "        if len(hand) == 3 and all(c.rank == 12 for c in hand):\n",
           "three aces taken end the round as Feuer under rules without Feuer"),
    Mutant("fire-after-a-turn-missed", G,
           "            if ((r.fire and len(hand) == 3 and hand[0] >= 48 and hand[1] >= 48 and hand[2] >= 48)\n"
           "                    or ",
           "            if (",
           "three aces collected in a turn do not end the round (Feuer)"),
    Mutant("instant-32-as-31", G,
           "        if hand_value(hand, r) == 31:\n",
           "        if hand_value(hand, r) >= 31:\n",
           "three aces worth 32 end the round as a 31"),
    Mutant("instant-deal-32-as-31", G,
           "holders = [p for p in seats if hand_value(self.hands[p], r) == 31]",
           "holders = [p for p in seats if hand_value(self.hands[p], r) >= 31]",
           "three aces worth 32 on the deal end the round as a 31"),
    Mutant("instant-no-fire-on-deal", G,
           "        if r.fire:\n            for p in seats:\n",
           "        if False:\n            for p in seats:\n",
           "three aces dealt are not Feuer"),
    Mutant("instant-deal-one-holder", G,
           "return s._end_instant(RoundEnd.THIRTY_ONE, holders)",
           "return s._end_instant(RoundEnd.THIRTY_ONE, holders[:1])",
           "two 31s dealt: only the first is named as shown"),
    Mutant("instant-31-after-turn-missed", G,
           "or (len(hand) == 3 and hand_value(hand, r) == 31)):",
           "or (len(hand) == 3 and hand_value(hand, r) == 32)):",
           "a 31 made in a turn does not end the round"),
    # -- the round flow: draws, reshuffles, passes, the center ------------------------------------------
    Mutant("flow-reshuffle-keeps-top", G,
           "stock = s._shuffled(s.discard_pile[:-1])\n"
           "            s = s._evolve(stock=stock, discard_pile=s.discard_pile[-1:],",
           "stock = s._shuffled(s.discard_pile)\n"
           "            s = s._evolve(stock=stock, discard_pile=(),",
           "the reshuffle of an empty stock takes the top discard too (decision 17)"),
    Mutant("flow-reshuffle-of-one", G,
           "            if len(s.discard_pile) <= 1:\n",
           "            if len(s.discard_pile) < 1:\n",
           "an empty stock with a one-card pile reshuffles nothing instead of ending the round"),
    Mutant("flow-new-center-at-three", G,
           "            if len(self.stock) < 3:  # decision 5",
           "            if len(self.stock) <= 3:  # decision 5",
           "everyone passed with exactly three stock cards: showdown instead of a new center"),
    Mutant("flow-all-pass-one-late", G,
           "if self.knocker is None and passes >= self.out.count(False):",
           "if self.knocker is None and passes > self.out.count(False):",
           "everyone passing is noticed one pass late"),
    Mutant("flow-swap-keeps-passes", G,
           "hands=_set(self.hands, p, hand), center=center, passes=0,",
           "hands=_set(self.hands, p, hand), center=center,",
           "a swap does not break a run of passes"),
    Mutant("deal-dealer-first", G,
           "seats = [s for s in [(dealer + k) % n for k in range(1, n + 1)] if not out[s]]",
           "seats = [s for s in [(dealer + k) % n for k in range(n)] if not out[s]]",
           "the dealer is dealt to first and plays first (decision 1: left of the dealer)"),
    Mutant("deal-next-round-reuses-shuffle", G,
           "self._deal(self._shuffled(_DECKS[self.rules.deck]), self.shuffles + 1,",
           "self._deal(self._shuffled(_DECKS[self.rules.deck]), self.shuffles,",
           "the next round's deal reuses the previous shuffle (rounds 2 and 3 get the same cards)"),
    Mutant("deal-shuffle-sattolo", G,
           "return tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))",
           "return tuple((i, i, i.bit_length()) for i in range(n - 1, 0, -1))",
           "the game's shuffle is Sattolo's (no card stays where it was)"),
    Mutant("flow-exchange-unshuffled", G,
           "stock = self._shuffled(self.stock[3:] + old)",
           "stock = self.stock[3:] + old",
           "the dealer's exchanged hand goes to the bottom of the stock unshuffled"),
    Mutant("game-fast-shuffle-off-by-one", G,
           "        while j >= n:\n            j = getrandbits(k)",
           "        while j > n:\n            j = getrandbits(k)",
           "the fast shuffle keeps an index one past the cards it may swap with (not Python's order)"),
    Mutant("flow-discard-taken-ignored", G,
           "forbidden = None if rules.discard_taken else self.taken",
           "forbidden = None",
           "discard_taken=False ignored: the card just taken may be thrown back"),
    Mutant("flow-pass-without-the-rule", G,
           "bool(rules.allow_swap_all), bool(rules.allow_pass), knock]",
           "bool(rules.allow_swap_all), True, knock]",
           "passing offered under rules that do not allow it"),
    # -- what players know and see ----------------------------------------------------------------------
    Mutant("known-draw-discard-unrecorded", G,
           "known=_set(self.known, p, self.known[p] + (c,)),",
           "known=self.known,",
           "a card taken from the discard pile is not known to be in the hand"),
    Mutant("known-kept-after-throw-back", G,
           "if known[p]:",
           "if False:",
           "a card taken from the discard pile and thrown straight back is still listed as known"),
    Mutant("known-kept-after-swap-out", G,
           "mine = tuple([x for x in self.known[p] if x != give]) + (take,)",
           "mine = self.known[p] + (take,)",
           "a known card swapped into the center is still listed as known"),
    Mutant("view-secrets-never-shown", G,
           "_walk(self._log, None, self.player, self.round if",
           "_walk(self._log, None, self.player, None and self.round if",
           "the round's secrets never shown once it is over (PlayerView.events)"),
    Mutant("view-round-secrets-never-shown", G,
           "_walk(self._log, self.round, self.player, self.round if",
           "_walk(self._log, self.round, self.player, None and self.round if",
           "the round's secrets never shown once it is over (PlayerView.round_events)"),
    Mutant("view-hands-hidden-when-over", G,
           "hands=self.hands if over else None,",
           "hands=None,",
           "every hand still hidden once the round is over"),
    Mutant("narrate-joined-draw-names-secret", N,
           "out.append(_drew_and_threw(pending, e, names, viewer))",
           "out.append(_drew_and_threw(pending, e, names, None))",
           "narrate(viewer=...) names another player's stock draw (joined with its discard)"),
    Mutant("narrate-last-draw-names-secret", N,
           "    if pending is not None:\n        out.append(pending.describe(names, viewer))\n    return out",
           "    if pending is not None:\n        out.append(pending.describe(names))\n    return out",
           "narrate(viewer=...) names another player's stock draw (the last event)"),
    Mutant("describe-shows-secrets", N,
           "see = viewer is None or viewer == event.player",
           "see = True",
           "Event.describe shows every secret to every viewer"),
    Mutant("text-loss-two-lives-always", N,
           "    if loss.lives == 2:\n",
           "    if loss.lives >= 1:\n",
           "every loss is said to cost the knocker two lives"),
    Mutant("text-tie-broken-by-the-other", N,
           'if loss.by_rank\n',
           'if not loss.by_rank\n',
           "a tie broken by suit is said to be broken by rank, and the other way round"),
    Mutant("text-illegal-knock-reason-lost", N,
           "        return _(_NO_KNOCK.get(why.rule, _NO_KNOCK_NOW))\n",
           "        return _(_NO_KNOCK_NOW)\n",
           "a knock too early says only that knocking is not allowed, not which rule forbids it"),
    # -- the fast play-outs (thirtyone/lockstep.py), compared with the game play-out by play-out ---------
    Mutant("lockstep-rebuild-keeps-top", L,
           "cards = P[r, :plen[r] - 1].copy()",
           "cards = P[r, :plen[r]].copy()",
           "a play-out's rebuilt stock takes the top discard too (decision 17)"),
    Mutant("lockstep-threshold-rounded-down", L,
           "vals >= (TH[:, p] if per_row else seat_th[p])",
           "vals >= np.floor(TH[:, p] if per_row else seat_th[p])",
           "a play-out knocks half a point early at a threshold such as 30.5"),
    Mutant("lockstep-schedule-falls-every-turn", L,
           "now = knock_threshold(S[:, 0], S[:, 1], S[:, 2], self.t, self.n_active)",
           "now = knock_threshold(S[:, 0], S[:, 1], S[:, 2], self.t, 1)",
           "a play-out's knock schedule falls every turn, not each time round the table"),
    Mutant("lockstep-throw-back-allowed", L,
           "if not draw_taken:",
           "if False:",
           "a play-out throws back the card just taken under discard_taken=False"),
    Mutant("lockstep-three-aces-as-31", L,
           "is_31 = changed & (hv == 31)",
           "is_31 = changed & (hv >= 31)",
           "a play-out's three aces worth 32 end the round as a 31 (Schwimmen)"),
    Mutant("lockstep-takes-without-margin", L,
           "> now + TAKE_MARGIN)",
           "> now)",
           "a play-out takes the discard for a hand worth no more (only fewer suits), unlike policy.take_discard"),
    Mutant("lockstep-new-center-at-three", L,
           "short = all_pass & (ptr + 3 > slen)",
           "short = all_pass & (ptr + 3 >= slen)",
           "a play-out with exactly three stock cards goes to the showdown instead of a new center"),
    # -- the studies' shuffles ----------------------------------------------------------------------------
    Mutant("shuffle-rows-rotates", L,
           "return rng.permuted(cards, axis=1)",
           "return np.take_along_axis(cards, (np.arange(cards.shape[1]) + rng.integers(cards.shape[1], "
           "size=(len(cards), 1))) % cards.shape[1], axis=1)",
           "shuffle_rows only rotates each row: k of the k! orders"),
    Mutant("mix-in-sattolo", L,
           "j = rng.integers(0, i + 1, len(out))",
           "j = rng.integers(0, i, len(out))",
           "mix_in never leaves an extra card at the end (a biased inside-out shuffle)"),
    # == the rest of the package: each module's mutants run first against the tests of FILE_TESTS ==========
    # -- bots: who knocks when, whose suits the expert reads, what the greedy bot swaps ------------------
    Mutant("bots-expert-reads-previous-player", "thirtyone/bots.py",
           "nxt = next((s for s in ((view.player + k) % n for k in range(1, n)) if not view.out[s]), None)",
           "nxt = next((s for s in ((view.player - k) % n for k in range(1, n)) if not view.out[s]), None)",
           "the expert avoids throwing the suits the previous player collects, not the next player's"),
    Mutant("bots-expert-no-knock-on-a-tie", "thirtyone/bots.py",
           "and self.last_losses[knock] <= self.last_losses[best] + KNOCK_TIE):",
           "and self.last_losses[knock] <= self.last_losses[best] - KNOCK_TIE):",
           "the expert puts off a knock as good as its best move, as the lessons say it does not"),
    Mutant("bots-patience-one-turn-late", "thirtyone/bots.py",
           "return turns >= self.patience * self.players",
           "return turns > self.patience * self.players",
           "a bot's patience runs out one turn later than its rule says"),
    Mutant("bots-greedy-swaps-for-no-gain", "thirtyone/bots.py",
           "if value <= now and Action(\"pass\") in legal:",
           "if value < now and Action(\"pass\") in legal:",
           "the greedy bot swaps with the center for a hand worth no more than its own instead of passing"),
    Mutant("bots-expert-picks-most-lives", "thirtyone/bots.py",
           "best = min(cands, key=lambda a: (self.last_losses[a], cands.index(a)))",
           "best = max(cands, key=lambda a: (self.last_losses[a], cands.index(a)))",
           "the expert makes the move its simulation says loses the most lives"),
    Mutant("bots-expert-stops-at-first-batch", "thirtyone/bots.py",
           "if played >= self.max_rollouts or all(m + h <= NEAR_TIE for m, h in close.values()):",
           "if played >= self.rollouts or all(m + h <= NEAR_TIE for m, h in close.values()):",
           "the expert never samples past its first batch, however close the best two moves are"),
    Mutant("bots-sampler-shares-its-cards", "thirtyone/worlds.py",
           "unseen = base[:]",
           "unseen = base",
           "one view's sampler deals from the same list every time: each world loses the cards the last one dealt"),
    # -- reading: the expert and the coach read the table ---------------------------------------------
    Mutant("reading-weights-ignored", "thirtyone/reading.py",
           "        w = np.exp(lw)\n",
           "        w = np.exp(0 * lw)\n",
           "the read worlds are drawn ignoring their weights: a player who took two spades is dealt at random"),
    Mutant("reading-never-tempered", "thirtyone/reading.py",
           "    target = share * len(log_weights)\n",
           "    target = 0.0 * len(log_weights)\n",
           "the weights are never tempered: at a table of six a couple of dozen worlds take all the weight"),
    Mutant("reading-tempering-unused-on-numpy", "thirtyone/reading.py",
           "        lw = tempered(lw, self.ess_share) * (lw - lw.max())",
           "        lw = 1.0 * (lw - lw.max())",
           "the NumPy path draws its worlds by the untempered weights"),
    Mutant("reading-tempering-unused-in-plain-python", "thirtyone/reading.py",
           "        lw = [power * x for x in lw]",
           "        lw = [x for x in lw]",
           "in plain Python the worlds are drawn by the untempered weights"),
    Mutant("reading-tempering-searches-the-wrong-way", "thirtyone/reading.py",
           "            low = mid\n        else:\n            high = mid",
           "            high = mid\n        else:\n            low = mid",
           "the search for the power goes the wrong way: the weights are flattened to nothing, or not at all"),
    Mutant("reading-passed-top-read-as-taken", "thirtyone/reading.py",
           "                part = part + self._take(look, before, d.top, False)",
           "                part = part + self._take(look, before, d.top, True)",
           "a player who drew from the stock is read as if they had taken the pile's top card"),
    Mutant("reading-pure-path-other-sign", "thirtyone/reading.py",
           "        return BETA * (chosen - m) - math.log(",
           "        return BETA * (m - chosen) - math.log(",
           "in plain Python the reading takes a throw for the least likely choice: the two paths weigh worlds apart"),
    Mutant("reading-knocks-count-as-declines", "thirtyone/reading.py",
           "_add(logs[p], float(values[p]), start, drop, floor, turns, active, KNOCK_BETA, True)",
           "_add(logs[p], float(values[p]), start, drop, floor, turns, active, KNOCK_BETA, False)",
           "a knock in an earlier round is read as playing on: an early knocker is taken for one who waits"),
    Mutant("reading-viewer-knocks-as-read-opponent", "thirtyone/reading.py",
           "        self.thresholds = [start if s == view.player else min(NEVER, start + shifts.get(s, 0.0))",
           "        self.thresholds = [start if s != view.player else min(NEVER, start + shifts.get(s, 0.0))",
           "in the play-outs the others knock at the intermediate's threshold, whatever their earlier knocks said"),
    Mutant("reading-table-that-plays-on-never-seen", "thirtyone/reading.py",
           "            if q >= 0.5:\n                thresholds[s] = floors[s] = NEVER",
           "            if q >= 1.5:\n                thresholds[s] = floors[s] = NEVER",
           "a table that has passed up every chance still knocks at the intermediate's threshold in the play-outs"),
    Mutant("reading-table-that-plays-on-always-seen", "thirtyone/reading.py",
           "            if q >= 0.5:\n                thresholds[s] = floors[s] = NEVER",
           "            if q >= 0.0:\n                thresholds[s] = floors[s] = NEVER",
           "every player who could have knocked is played out as one who never knocks, intermediates too"),
    Mutant("reading-table-shares-not-pooled", "thirtyone/reading.py",
           "                        ll += _log_add_exp(math.log(share) + r, math.log(1 - share))",
           "                        ll += 0.0",
           "the others' moves say nothing of a player: a table that plays on is seen only from each player's own"),
    Mutant("reading-never-class-ignored-in-weights", "thirtyone/reading.py",
           "            mix = np.logaddexp(a, b)\n",
           "            mix = a + 0 * b\n",
           "on NumPy a world's weight forgets that its player may never knock: the two paths weigh worlds apart"),
    Mutant("reading-non-knocks-stop-at-patience", "thirtyone/reading.py",
           "        moves = decisions(view)\n",
           "        moves = decisions(view, patience)\n",
           "a player who plays on past the bots' patience is read as if no knock had been allowed"),
    # -- worlds: many sampled worlds at once, and their play-outs ---------------------------------------
    Mutant("worlds-imagined-hand-takes-an-equal-card", "thirtyone/worlds.py",
           "            better = v > best\n",
           "            better = v >= best\n",
           "many worlds at once: an imagined player swaps a card for one no better, unlike imagine_hand"),
    Mutant("worlds-no-second-shuffle", "thirtyone/worlds.py",
           "    if tail > len(base):\n        rest = shuffle(rest)\n",
           "    if tail > len(base) + 999:\n        rest = shuffle(rest)\n",
           "the cards imagined players passed over all lie at the bottom of the stock: they come back last"),
    Mutant("worlds-thrown-card-not-on-the-pile", "thirtyone/worlds.py",
           "        tops = np.array([[*view.discard_pile, a.cards[0]] for a, _f in direct], dtype=np.int64)",
           "        tops = np.array([[*view.discard_pile, view.hand[0]] for a, _f in direct], dtype=np.int64)",
           "the play-outs after a throw show the first card of the hand on the pile, whatever was thrown"),
    Mutant("worlds-every-throw-skips-the-game", "thirtyone/worlds.py",
           '            if s.phase == "turn" and len(s.stock) == view.stock_count and (start is None or _same_start(s, start)):',
           '            if s.phase in ("turn", "over") and (start is None or _same_start(s, start)):',
           "a throw that makes 31 (or rebuilds the stock) is played on from the next turn instead of judged"),
    Mutant("worlds-passed-over-cards-lost", "thirtyone/worlds.py",
           "            cards[:, tail:tail + extra] = passed\n",
           "            cards[:, tail:tail + extra] = pool[:, :extra]\n",
           "the cards an imagined player passed over are replaced by copies of cards already dealt"),
    Mutant("bots-expert-drops-the-close-rival", "thirtyone/bots.py",
           "close = {a: (m, h) for a, (m, h) in rivals.items() if m - h <= 0}",
           "close = {a: (m, h) for a, (m, h) in rivals.items() if m + h <= 0}",
           "the expert drops a rival the interval cannot tell from the best, and stops sampling at once"),
    # -- policy: the fast decisions --------------------------------------------------------------------
    Mutant("policy-take-discard-for-no-gain", P,
           "    now = table[tuple(hand)] + TAKE_MARGIN\n",
           "    now = table[tuple(hand)]\n",
           "take_discard takes a card that leaves the hand worth no more (only fewer suits)"),
    Mutant("policy-throws-the-dearest-card", P,
           "key = table[kept] - _VALUES[thrown >> 2] * THROW_COST",
           "key = table[kept] + _VALUES[thrown >> 2] * THROW_COST",
           "among equally good throws, best_discard throws the dearest card"),
    Mutant("policy-threshold-past-the-table", "thirtyone/policy.py",
           "    return min(max(players, 2), 6)\n",
           "    return max(players, 2)\n",
           "seven or eight players get the fallback threshold, not the table's last entry"),
    Mutant("policy-every-preset-borrows-its-familys-rule", P,
           "preset = schedule_preset(rules) or FAMILY_PRESET[rules.family]",
           "preset = FAMILY_PRESET[rules.family]",
           "the intermediate bot plays Scat's or Schwimmen's knock rule under every preset, not its own tournament's",
           tests=("tests/sim/test_analysis.py",)),
    Mutant("knockrules-ties-go-to-the-steepest-fall", "thirtyone/knockrules.py",
           "best = min(rows, key=lambda row: (row.lives_lost, row.rule.drop,",
           "best = min(rows, key=lambda row: (row.lives_lost, -row.rule.drop,",
           "of schedules that lose the same lives the tournament keeps the one that falls most, not the flattest",
           tests=("tests/sim/test_analysis.py",)),
    Mutant("knockrules-custom-rules-borrow-a-preset", "thirtyone/knockrules.py",
           "    if schedule_preset(r) is not None:\n",
           "    if True:\n",
           "a rule set that is no preset gets its kind of game's rule, not its own tournament played on the spot",
           tests=("tests/sim/test_analysis.py",)),
    Mutant("policy-schedule-below-its-floor", P,
           "return cast(_Threshold, max(cast(float, floor), now))",
           "return cast(_Threshold, now)",
           "a knock schedule read by a bot falls below its floor (the simulations' arrays still stop there)"),
    # -- odds --------------------------------------------------------------------------------------------
    Mutant("odds-improve-strictly-more", "thirtyone/odds.py",
           "good = sum(1 for c in pool if best_of((*cards, c), rules) >= v)",
           "good = sum(1 for c in pool if best_of((*cards, c), rules) > v)",
           "improve_chance counts only cards that make more than v (at least v is asked)"),
    Mutant("odds-at-least-ties-inverted", "thirtyone/odds.py",
           "return value < self.v if self.at_least else value <= self.v",
           "return value <= self.v if self.at_least else value < self.v",
           "beat_chance: a tie beats you, and at_least=True does not count ties"),
    Mutant("odds-counts-cache-ignores-aces", "thirtyone/odds.py",
           "by_deck = _COUNTS.setdefault((rules.three_of_a_kind, rules.three_aces), {})",
           "by_deck = _COUNTS.setdefault((rules.three_of_a_kind, None), {})",
           "value_counts' cache keyed without three_aces: rules that differ only there share their counts"),
    # -- analysis ------------------------------------------------------------------------------------------
    Mutant("analysis-array-counts-lives-as-losers", "thirtyone/stats.py",
           "lost = int((arr != 0).sum())",
           "lost = int(arr.sum())",
           "Estimate.from_losses of an array: two lives lost count as two losers (p_lose too high)"),
    Mutant("analysis-close-one-sided", "thirtyone/analysis.py",
           "return k.expected_ci[0] <= p.expected_ci[1] and p.expected_ci[0] <= k.expected_ci[1]",
           "return k.expected_ci[0] <= p.expected_ci[1]",
           "KnockAdvice.close: a knock far better than playing on still counts as too close to tell"),
    Mutant("analysis-wilson-no-denominator", "thirtyone/stats.py",
           "    d = 1 + z * z / n\n",
           "    d = 1\n",
           "the Wilson interval without its denominator (too wide, off centre)"),
    Mutant("analysis-chance-at-or-above", "thirtyone/analysis.py",
           "k, s = self.cell(rules, players, seat, turn, opponents).get(float(value), (0, 0))",
           "k, s = _pool(self.cell(rules, players, seat, turn, opponents), float(value))",
           "KnockTables.chance pools every value at or above the hand's instead of the value itself"),
    # -- timing ----------------------------------------------------------------------------------------------
    Mutant("progress-three-stars-for-one-lucky-answer", "thirtyone/progress.py",
           "if share >= 0.9 and asked >= MIN_FOR_THREE:",
           "if share >= 0.9:",
           "stars: a single right answer earns three stars"),
    Mutant("progress-more-right-than-asked-kept", "thirtyone/progress.py",
           'and _count(x.get("asked")) and x["right"] <= x["asked"]:',
           'and _count(x.get("asked")):',
           "read: a hand-edited exercise with more right than asked is kept"),
    Mutant("progress-a-miss-again-kept-twice", "thirtyone/progress.py",
           'out["missed"] = [x for x in out["missed"] if (x["kind"], x["rules"], x["cards"]) != same]',
           'out["missed"] = list(out["missed"])',
           "answered: the same hand missed again comes back twice in the Review"),
    Mutant("progress-games-never-dropped", "thirtyone/progress.py",
           'out["games"] = [*out["games"], copy.deepcopy(dict(game))][-MAX_GAMES:]',
           'out["games"] = [*out["games"], copy.deepcopy(dict(game))]',
           "played: every game is kept, the record grows without end",
           tests=("tests/engine/test_progress_games.py",)),
    Mutant("progress-game-agreeing-with-more-knocks-kept", "thirtyone/progress.py",
           'and _count(x.get("knocks")) and _count(x.get("agreed")) and x["agreed"] <= x["knocks"]',
           'and _count(x.get("knocks")) and _count(x.get("agreed"))',
           "read: a hand-edited game where the coach agreed with more knocks than were made is kept",
           tests=("tests/engine/test_progress_games.py",)),
    Mutant("timing-close-answer-marked-wrong", "thirtyone/timing.py",
           "right = a == advice.advice or close",
           "right = a == advice.advice",
           "mark: when the two choices are too close to tell, the other answer is marked wrong"),
    Mutant("timing-ordinal-twelfth", "thirtyone/timing.py",
           "_(_NTH if 10 <= k % 100 <= 20 else",
           "_(_NTH if k % 100 == 11 else",
           "ordinal(12) says 12nd, ordinal(13) 13rd"),
    Mutant("timing-break-even-from-below", "thirtyone/timing.py",
           "    for pt in reversed(curve):\n        if pt.p < target:\n            break\n",
           "    for pt in reversed(curve):\n        if pt.p < target:\n            continue\n",
           "break_even skips a value below the target instead of stopping there (not every point above it)"),
    Mutant("timing-knock-turn-rounds-down", "thirtyone/timing.py",
           "first + players * math.ceil((turn - first) / players)",
           "first + players * ((turn - first) // players)",
           "knock_turn rounds down: a turn between the seat's turns means the one before, already played"),
    # -- coach -------------------------------------------------------------------------------------------------
    # -- readwords: what the coach read, in words; lesson 5's table reading ---------------------------------
    Mutant("readwords-clear-chance-ignored", "thirtyone/readwords.py",
           "or o.chance < CLEAR_CHANCE or o.chance - o.uniform < CLEAR_LIFT:",
           "or o.chance < 0.0 or o.chance - o.uniform < CLEAR_LIFT:",
           "a suit read is said however seldom the read deals give the player that suit"),
    Mutant("readwords-next-seat-backwards", "thirtyone/readwords.py",
           "        s = (view.player + k) % view.players\n",
           "        s = (view.player - k) % view.players\n",
           "the coach takes the player before the learner for the one who plays right after"),
    Mutant("readwords-meaning-against-the-advice", "thirtyone/readwords.py",
           "        if best.cards[0] == mine:",
           "        if best.cards[0] != mine:",
           "the read's meaning says the coach keeps the card it throws, and throws the one it keeps"),
    Mutant("readwords-knock-read-from-no-rounds", "thirtyone/readwords.py",
           "o.declines >= KNOCK_SEEN and",
           "o.declines >= 0 and",
           "a player is read to play on before any earlier round showed it"),
    Mutant("readwords-tempo-with-a-knock", "thirtyone/readwords.py",
           '    if (best is None or best.kind == "knock" or view.phase != "turn"',
           '    if (best is None or view.phase != "turn"',
           "the tempo read says a hand is worth keeping beside advice to knock"),
    Mutant("readwords-tempo-counts-every-turn", "thirtyone/readwords.py",
           "            if knock_allowed(r.first_knock, turns, played[p], p == view.dealer, active):\n                quiet += 1",
           "            if True:\n                quiet += 1",
           "the turns nobody knocked in count turns where the rules allowed no knock"),
    Mutant("readwords-tempo-after-one-turn-each", "thirtyone/readwords.py",
           "    if quiet < TEMPO_TURNS * players:",
           "    if quiet < players:",
           "the tempo is said once every player still in has had one turn, not two"),
    Mutant("readwords-tempo-below-the-threshold", "thirtyone/readwords.py",
           "    if rule is None or value < rule:",
           "    if rule is None:",
           "the tempo read says a hand under lesson 5's threshold is worth keeping against the rule"),
    Mutant("tableread-throw-verdict-inverted", "thirtyone/widgets/tableread.py",
           "throws = mine.estimate.expected_lives <= other.estimate.expected_lives",
           "throws = mine.estimate.expected_lives >= other.estimate.expected_lives",
           "the table reading marks the throw the coach rates worse as right"),
    Mutant("tableread-counts-a-round-twice", "thirtyone/widgets/tableread.py",
           "        if self.answered:\n            return None\n",
           "        if False:\n            return None\n",
           "a second answer to the same staged round is marked and counted again"),
    Mutant("coach-advice-ignores-phase", "thirtyone/coach.py",
           "and state.turns == self.turns\n                and state.phase == self.phase)",
           "and state.turns == self.turns)",
           "advice for the start of a turn still counts for the throw after the draw"),
    Mutant("coach-verdict-knock-when-worse", "thirtyone/coach.py",
           "    elif ke.expected_lives < oe.expected_lives:\n",
           "    elif ke.expected_lives > oe.expected_lives:\n",
           "the coach's sentence says knock when the knock loses more lives"),
    Mutant("coach-summary-counts-lives-as-rounds", "thirtyone/coach.py",
           "lost = sum(1 for n in self.lost.values() if n)",
           "lost = sum(self.lost.values())",
           "the game summary counts lives lost as rounds lost ('you lost a life in 3 of them' after 2 rounds)"),
    # -- variants (the staged rounds under every rule set) ------------------------------------------------------
    Mutant("variants-throws-back-the-card-taken", "thirtyone/side_by_side.py",
           "None if r.discard_taken else s.taken)",
           "None)",
           "a staged round's best throw forgets that the card just taken may not go back (discard_taken=False)"),
    Mutant("variants-differences-of-two-presets", "thirtyone/side_by_side.py",
           "    for r in rules[1:]:\n        differ |= set(rules[0].differences(r))",
           "    for r in rules[1:2]:\n        differ |= set(rules[0].differences(r))",
           "the table of differences compares only the first two presets"),
    Mutant("variants-next-dealer-skips-none", "thirtyone/side_by_side.py",
           "        seat = (end.dealer + 1) % n\n        while seat != nxt.dealer:",
           "        seat = end.dealer\n        while seat != nxt.dealer:",
           "who deals next: the old dealer is named as skipped, out of the game"),
    Mutant("variants-source-on-both-sides", "thirtyone/names.py",
           "who = source_game(source, p) if source in split else source_name(source)",
           "who = source_name(source)",
           "the presets' table names a source on both sides of a row (Board Game Arena: 52 cards and 32 cards)"),
    Mutant("variants-staged-deck-dealer-first", "thirtyone/side_by_side.py",
           "order = [(k % n) for k in range(1, n + 1)]",
           "order = [(k % n) for k in range(n)]",
           "a staged deck deals the dealer first: every hand lands one seat off"),
    # -- rules ----------------------------------------------------------------------------------------------------
    Mutant("rules-max-players-one-deck", "thirtyone/rules.py",
           "return 8 if self.deck == 32 else 9",
           "return 8",
           "max_players is 8 with the 52-card deck too"),
    Mutant("rules-preset-case-sensitive", "thirtyone/rules.py",
           'key = name.strip().lower().replace("_", "-")',
           'key = name.strip().replace("_", "-")',
           "Rules.preset('Scat') is refused"),
    Mutant("rules-replace-family-keeps-old-options", "thirtyone/rules.py",
           "                changes.setdefault(name, getattr(base, name))",
           "                changes.setdefault(name, getattr(self, name))",
           "replace(family=...) keeps the old family's options instead of the new preset's"),
    # -- cards ------------------------------------------------------------------------------------------------------
    Mutant("cards-hearts-black", "thirtyone/cards.py",
           "return (self & 3) >= 2",
           "return (self & 3) > 2",
           "hearts count as black"),
    Mutant("cards-32-deck-refuses-seven", "thirtyone/cards.py",
           "if deck_size == 32 and c.rank < 5:",
           "if deck_size == 32 and c.rank <= 5:",
           "parse_cards refuses a seven for the 32-card deck"),
    # -- i18n -----------------------------------------------------------------------------------------------------------
    Mutant("i18n-using-restores-english", "thirtyone/i18n.py",
           "    finally:\n        use(before)",
           "    finally:\n        use(\"en\")",
           "using(lang) goes back to English, not to the language before it"),
    Mutant("i18n-grouped-decimal-sign", "thirtyone/i18n.py",
           'return f"{n:,}".replace(",", _THOUSANDS.get(_current[0], ","))',
           'return f"{n:,}".replace(",", _DECIMAL.get(_current[0], ","))',
           "grouped marks thousands with the decimal sign (10,000 in Spanish)"),
    Mutant("i18n-number-rounds", "thirtyone/i18n.py",
           "text = str(int(value)) if value == int(value) else str(value)",
           "text = str(round(value))",
           "number(30.5) prints 30"),
    # -- strategy (lesson 5's studies) -------------------------------------------------------------------------------
    Mutant("strategy-mean-population-variance", "thirtyone/strategy.py",
           "(self.squares - self.total ** 2 / self.n) / (self.n - 1)",
           "(self.squares - self.total ** 2 / self.n) / self.n",
           "Mean.ci from the population variance: the interval too narrow"),
    Mutant("strategy-discard-keys-swapped", "thirtyone/strategy.py",
           'key = "their suit" if top.suit in suits else "another suit"',
           'key = "their suit" if top.suit not in suits else "another suit"',
           "discard_study files each offered card under the wrong kind"),
    Mutant("strategy-suit-study-throws-high", "thirtyone/strategy.py",
           "return min(cards, key=lambda c: (RANK_VALUES[c.rank], c))",
           "return max(cards, key=lambda c: (RANK_VALUES[c.rank], c))",
           "the 'high cards' policy throws its highest card"),
    # -- precomputed -----------------------------------------------------------------------------------------------------
    # -- the class table service (thirtyone/classroom) -------------------------------------------------------------------
    Mutant("class-table-shows-the-seat-to-act", "thirtyone/classroom/tables.py",
           '"paused": self.paused, "view": None if st is None else view_json(st.view(seat))}',
           '"paused": self.paused, "view": None if st is None else view_json(st.view(st.current_player or seat))}',
           "each page is sent the view of the seat to act, not its own: another hand shown",
           tests=("tests/classroom/test_secrecy.py",)),
    Mutant("class-events-secrets-shown", "thirtyone/classroom/protocol.py",
           '"legal": [str(a) for a in v.legal_actions], "events": [event_json(e) for e in v.round_events()],',
           '"legal": [str(a) for a in v.legal_actions], "events": [event_json(e) for e in v._log and __import__("thirtyone.game").game._walk(v._log, v.round)],',
           "the log sent to a page keeps the cards other seats drew from the stock",
           tests=("tests/classroom/test_secrecy.py",)),
    Mutant("class-stale-move-accepted", "thirtyone/classroom/tables.py",
           "        if n != self.n:\n            raise Refusal(Reason.STALE, n=self.n)",
           "        if n > self.n:\n            raise Refusal(Reason.STALE, n=self.n)",
           "a move sent from an older table (a double click) is played",
           tests=("tests/classroom/test_tables.py",)),
    Mutant("class-token-of-another-seat", "thirtyone/classroom/tables.py",
           "        if conn.seat != seat:\n            raise Refusal(Reason.NOT_YOUR_SEAT)",
           "        if False:\n            raise Refusal(Reason.NOT_YOUR_SEAT)",
           "a page holding one seat may move for another with that seat's token",
           tests=("tests/classroom/test_tables.py",)),
    Mutant("class-anyone-starts", "thirtyone/classroom/tables.py",
           "            if seat != table.creator:\n",
           "            if seat != seat:\n",
           "any learner at the table may start the game, not only its creator",
           tests=("tests/classroom/test_tables.py",)),
    Mutant("class-away-at-once", "thirtyone/classroom/tables.py",
           "        return max(self.since, s.since) + self.away_seconds",
           "        return max(self.since, s.since) + 0.0",
           "a learner whose page is gone has a bot play for them at once, not after AWAY_SECONDS",
           tests=("tests/classroom/test_tables.py",)),
    Mutant("class-pause-ignored-by-bots", "thirtyone/classroom/tables.py",
           "        if st is None or self.paused or st.game_over:\n            return None",
           "        if st is None or st.game_over:\n            return None",
           "the bots play on at a table the teacher paused",
           tests=("tests/classroom/test_tables.py",)),
    Mutant("class-bucket-never-empty", "thirtyone/classroom/protocol.py",
           "        if self.tokens >= 1.0:\n",
           "        if True:\n",
           "a connection may send as many messages a second as it likes",
           tests=("tests/classroom/test_service.py",)),
    Mutant("class-size-limit-sixteen-times", "thirtyone/classroom/protocol.py",
           "    if size > MAX_MESSAGE:\n",
           "    if size > 16 * MAX_MESSAGE:\n",
           "a message of more than 4 kB is read",
           tests=("tests/classroom/test_tables.py",)),
    Mutant("class-store-move-number-off", "thirtyone/classroom/store.py",
           '"INSERT INTO moves(code, n, action) VALUES (?, ?, ?)", (code, n, action))',
           '"INSERT INTO moves(code, n, action) VALUES (?, ?, ?)", (code, n + 1, action))',
           "each move is written under the next move's number: a restart finds a gap and loses the game",
           tests=("tests/classroom/test_store.py",)),
    Mutant("class-store-gap-replayed", "thirtyone/classroom/store.py",
           "                if n != i:\n",
           "                if False:\n",
           "a gap in a table's moves is not noticed: a move is replayed in another's place",
           tests=("tests/classroom/test_store.py",)),
    Mutant("class-client-forgets-its-seat", "thirtyone/classroom/client.py",
           "            if self.ticket is not None:\n                await self._write({\"op\": \"resume\", **self.ticket})\n            if self.teacher_key",
           "            if False:\n                await self._write({\"op\": \"resume\", **self.ticket})\n            if self.teacher_key",
           "a page that reconnects does not resume its seat",
           tests=("tests/classroom/test_restart.py",)),
    Mutant("server-class-later-lessons-one", "thirtyone/server.py",
           "    later = 2 if class_size else 1\n",
           "    later = 1 if class_size else 1\n",
           "a class's later lessons keep one preheated kernel, not 2 (README, \"For a class\")"),
    Mutant("server-unconnected-timeout-15-minutes", "thirtyone/server.py",
           "    c.VisitorKernelManager.unconnected_timeout = 90\n",
           "    c.VisitorKernelManager.unconnected_timeout = 900\n",
           "a page's kernel without a browser lives 15 minutes, not 90 s"),
    Mutant("server-handshake-not-connected", "thirtyone/server.py",
           "and not self._kernel_connections.get(kernel_id) and not self._handshakes.get(kernel_id)):",
           "and not self._kernel_connections.get(kernel_id)):",
           "a kernel whose browser is still connecting is shut down for want of a browser"),
    Mutant("server-page-left-open-when-its-kernel-fails", "thirtyone/server.py",
           "    give_pages_their_xsrf_cookie()\n    pages_end_when_their_kernel_fails()\n",
           "    give_pages_their_xsrf_cookie()\n",
           "a page whose kernel died as it started is left open for ever, Voilà sending heartbeats"),
    Mutant("server-page-failure-logged-with-a-traceback", "thirtyone/server.py",
           '                self.log.error("The page %s ended early',
           '                self.log.exception("The page %s ended early',
           "a page whose kernel failed fills the server's log with a traceback"),
    Mutant("server-kernels-over-tcp", "thirtyone/server.py",
           '    c.KernelManager.transport = "ipc"\n',
           '    c.KernelManager.transport = "tcp"\n',
           "kernels listen on TCP ports, which another process can take as 20 kernels start"),
    Mutant("server-culls-a-kernel-still-starting", "thirtyone/server.py",
           "if kernel_id not in self._kernels or kernel_id in self._pooled or not self._started(kernel_id):",
           "if kernel_id not in self._kernels or kernel_id in self._pooled:",
           "a pass of the culler reads the clock of a kernel still starting and logs a traceback"),
    Mutant("precomputed-off-stays-on", "thirtyone/precomputed.py",
           "    if not _SWITCH[\"on\"]:\n        return None\n",
           "    if False:\n        return None\n",
           "enabled(False) is ignored: lookups still answer from the file (the freshness tests compare it with itself)"),
    Mutant("precomputed-enabled-false-ignored", "thirtyone/precomputed.py",
           "    if on is not None:\n        _SWITCH[\"on\"] = on",
           "    if on:\n        _SWITCH[\"on\"] = on",
           "enabled(False) leaves the switch on"),
    Mutant("precomputed-enabled-returns-new", "thirtyone/precomputed.py",
           "        _SWITCH[\"on\"] = on\n    return before",
           "        _SWITCH[\"on\"] = on\n    return _SWITCH[\"on\"]",
           "enabled returns the new setting, so restoring 'the setting before' leaves the new one"),
    # -- shipped ---------------------------------------------------------------------------------------------------------
    Mutant("shipped-damaged-table-accepted", "thirtyone/shipped.py",
           "if file.size is None or len(content) == file.size:",
           "if file.size is None or len(content) >= 0:",
           "a hand-table file of the wrong length is read as it is, not computed instead"),
    Mutant("shipped-write-keeps-the-old-content", "thirtyone/shipped.py",
           "    _CACHE.pop(name, None)\n",
           "    _CACHE.get(name, None)\n",
           "after build-data writes a file, the process goes on reading what it had read before"),
    # -- names -------------------------------------------------------------------------------------------------------------
    Mutant("names-and-join-one-word", "thirtyone/names.py",
           "    if len(words) <= 1:\n        return \"\".join(words)",
           "    if len(words) < 1:\n        return \"\".join(words)",
           "and_join(['A']) says ' and A'"),
    Mutant("names-short-value-untranslated", "thirtyone/names.py",
           "        return _(info.short[value])",
           "        return info.short[value]",
           "an option's short value stays English in another language"),
    Mutant("names-sources-untranslated", "thirtyone/names.py",
           "    return _(SOURCES[key].name)",
           "    return SOURCES[key].name",
           "a source's name stays English in another language"),
    # -- cli -----------------------------------------------------------------------------------------------------------------
    Mutant("cli-safe-value-skips-a-dip", "thirtyone/cli.py",
           "        if s / k < target:\n            break\n",
           "        if s / k < target:\n            continue\n",
           "safe_value: a value that survives too rarely is skipped, not the end of the safe values"),
    Mutant("cli-safe-value-stops-at-few-knocks", "thirtyone/cli.py",
           "        if k < min_knocks:\n            continue\n        if s / k",
           "        if k < min_knocks:\n            break\n        if s / k",
           "safe_value stops at the first value with few knocks instead of leaving it out"),
    Mutant("cli-survival-table-keeps-few", "thirtyone/cli.py",
           "    for v, (k, s) in cell.items():\n        if k < min_knocks:",
           "    for v, (k, s) in cell.items():\n        if k < 0:",
           "the survival table prints values with too few knocks to say anything"),
    # -- widgets: the table's rules of play (its controller) and its view -----------------------------------------------------
    # -- widgets: lesson 6's "Play with others" (a table the class's service holds) -----------------------------------
    Mutant("class-known-cards-not-in-the-hand", "thirtyone/widgets/classcontrol.py",
           "            hands.append(known + tuple(spare.pop() for _ in range(size - len(known))))",
           "            hands.append(tuple(spare.pop() for _ in range(size)))",
           "a seat's table forgets the cards everyone saw go into another hand (the coach then samples them anew)"),
    Mutant("class-double-click-sends-twice", "thirtyone/widgets/classcontrol.py",
           "        if self.waiting:\n            return Click(refusal=Refusal.STALE)\n",
           "",
           "a second click before the service answered sends a second move"),
    Mutant("class-reload-forgets-the-seat", "thirtyone/widgets/classplay.py",
           "            client.remember(code, int(entry[\"seat\"]), str(entry[\"token\"]))",
           "            pass",
           "a reloaded page does not sit down again at the seat its browser keeps"),
    Mutant("class-lost-connection-not-said", "thirtyone/widgets/classplay.py",
           "            if not self.connected:\n                self.lost = True\n",
           "            if not self.connected:\n                pass\n",
           "a lost connection is not said (the page still says it is connected)"),
    Mutant("class-join-offers-taken-seats", "thirtyone/widgets/classplay.py",
           'free = [i for i, s in enumerate((msg or {}).get("seats") or []) if s.get("kind") == "open"]',
           'free = [i for i, s in enumerate((msg or {}).get("seats") or [])]',
           "the join form offers the seats others have taken"),
    Mutant("class-teacher-key-forgotten-on-reload", "thirtyone/widgets/classplay.py",
           '                self.teacher_key = str(held["teacher_key"]) if held.get("teacher_key") else None\n',
           "                self.teacher_key = None\n",
           "after a reload the creator no longer reads the table's teacher key"),
    # -- widgets: the connection to the table service both class pages hold ---------------------------------------
    Mutant("class-link-lost-not-said", "thirtyone/widgets/classlink.py",
           "        if self.lost:\n            return self._lost_text()\n",
           "        if False:\n            return self._lost_text()\n",
           "a connection being made again is said as a service that does not answer"),
    Mutant("class-link-gives-up", "thirtyone/widgets/classlink.py",
           "tried again\n                pass\n",
           "tried again\n                return\n",
           "a page that did not reach the service at first never tries again (a service started later is not found)"),
    Mutant("class-left-page-keeps-the-seat", "thirtyone/widgets/classplay.py",
           "        if self.store.gone():\n            if not self._closed:",
           "        if False:\n            if not self._closed:",
           "a page left in its browser keeps its kernel's hold on the table: no bot plays for the learner who has gone"),
    Mutant("class-silent-page-never-gone", "thirtyone/widgets/classplay.py",
           "(time.monotonic() if now is None else now) - self.seen > GONE_SECONDS",
           "(time.monotonic() if now is None else now) - self.seen > 10 * GONE_SECONDS",
           "a page silent for GONE_SECONDS is not counted as left"),
    # -- widgets: the teacher's view of the class's tables -------------------------------------------------------------
    Mutant("teacher-wait-not-counted-on", "thirtyone/widgets/classteacher.py",
           '(0.0 if self.row.get("paused") else time.monotonic() - self.at)',
           "0.0",
           "how long the seat to act has waited stands still between two messages of the service"),
    Mutant("teacher-pause-never-goes-on", "thirtyone/widgets/classteacher.py",
           'op = "resume-table" if self.row.get("paused") else "pause"',
           'op = "pause"',
           "Go on pauses the table again instead of letting it go on"),
    Mutant("teacher-knock-verdict-reversed", "thirtyone/widgets/classteacher.py",
           '    elif verdict == "knock":',
           '    elif verdict == "play on":',
           "the coach's verdict on a knock is said the wrong way round"),
    Mutant("teacher-replay-skips-the-last-move", "thirtyone/widgets/classteacher.py",
           "        for move in record.get(\"moves\") or []:",
           "        for move in (record.get(\"moves\") or [])[:-1]:",
           "the replay of a finished game stops one move short of its end"),
    Mutant("teacher-bad-key-not-said", "thirtyone/widgets/classteacher.py",
           '            if to == "watch" and reason == "bad-key":',
           '            if to == "watch" and reason == "no-such-reason":',
           "a refused teacher key is said as a general refusal, not as a key that opens no table"),
    Mutant("table-any-pile-card-takes-the-top", "thirtyone/widgets/tablecontrol.py",
           "if not pile or pile[-1] != card:  # stale",
           "if not pile:  # stale",
           "clicking a card under the top of the discard pile takes the top card"),
    Mutant("table-pick-again-keeps-it", "thirtyone/widgets/tablecontrol.py",
           "self.selected = None if picked == (zone, card) else (zone, card)",
           "self.selected = (zone, card)",
           "clicking the picked card again does not put it back"),
    Mutant("table-face-down-center-clickable", "thirtyone/widgets/tablecontrol.py",
           "        if not s.center_face_up:\n            return Click(refusal=Refusal.FACE_DOWN)\n",
           "",
           "a face-down center card can be picked"),
    Mutant("table-back-one-move-past-the-bots", "thirtyone/widgets/tablecontrol.py",
           "one = step_mode or self.seat is None or all(b is None for b in self.bots)",
           "one = True",
           "a step back takes back a bot's move, not the learner's last move, when bots play"),
    Mutant("table-bots-move-before-the-table-is-seen", "thirtyone/widgets/tablecontrol.py",
           "return Pacing.AFTER_PACE if shown else Pacing.WHEN_SHOWN",
           "return Pacing.AFTER_PACE",
           "at a pace, the bots move before the table is on screen: the learner misses their first moves"),
    Mutant("table-banned-card-looks-throwable", "thirtyone/widgets/table.py",
           "row.disabled = [int(c) for c in b.banned]",
           "row.disabled = []",
           "the card just taken, which the rules forbid to throw, is drawn as clickable"),
    Mutant("table-face-down-center-drawn-face-up", "thirtyone/widgets/table.py",
           "shown = up or b.everything",
           "shown = True",
           "a face-down center is drawn face up outside teaching mode"),
    # -- the quizzes' answer checks -----------------------------------------------------------------------------------------------
    Mutant("quiz-rounds-the-answer", "thirtyone/widgets/quiz.py",
           "right = guess == s.value",
           "right = round(guess) == round(s.value)",
           "the quiz rounds: 30 is right for a hand worth 30.5"),
    Mutant("quiz-answer-counts-twice", "thirtyone/widgets/quiz.py",
           "        if self.answered:\n            return None\n        guess",
           "        guess",
           "answering the same hand again counts again"),
    Mutant("tie-quiz-same-suit-pair", "thirtyone/widgets/quiz.py",
           "if sb.value == sa.value and sb.suit is not None and sb.suit != sa.suit:",
           "if sb.value == sa.value and sb.suit is not None:",
           "the tie quiz may deal two hands of one suit (no tie-break by Skat order)"),
    # -- picker ------------------------------------------------------------------------------------------------------------------------
    Mutant("picker-fourth-card", "thirtyone/widgets/picker.py",
           "elif len(self.hand) >= self.size:",
           "elif len(self.hand) > self.size:",
           "the hand picker lets a fourth card be picked"),
    Mutant("picker-keeps-cards-off-the-deck", "thirtyone/widgets/picker.py",
           "keep = [c for c in self.hand if c in cards]",
           "keep = list(self.hand)",
           "a picked 2 stays picked when the rules change to the 32-card deck"),
    # -- advisor -------------------------------------------------------------------------------------------------------------------------
    Mutant("advisor-turn-number-ignores-seat", "thirtyone/widgets/advisor.py",
           "return turn_sentence((turns - (seat - 1)) // players + 1, turns)",
           "return turn_sentence(turns // players + 1, turns)",
           "the advisor numbers a later seat's turns as if it played first",
           equivalent="a situation's turns are always one of the seat's own (seat - 1 + k × players, from "
                      "turn_choices and staged_turn), and seat - 1 < players, so turns // players is k as well"),
    Mutant("advisor-seat-one-counted-from-zero", "thirtyone/widgets/advisor.py",
           "    if seat == 1:\n        return _(\"Seat 1, left of the dealer",
           "    if seat == 0:\n        return _(\"Seat 1, left of the dealer",
           "the advisor counts seats from 0: seat 1 is not named as left of the dealer, playing first"),
    Mutant("advisor-best-when-too-close", "thirtyone/widgets/advisor.py",
           'play_best = not advice.close and advice.advice == "play on"',
           'play_best = advice.advice == "play on"',
           "playing on is marked the better choice even when the two are too close to tell"),
    Mutant("advisor-drill-answer-twice", "thirtyone/widgets/advisor.py",
           "if self.answered or self.spot is None:",
           "if self.spot is None:",
           "the knock drill counts a second answer to the same situation"),
    # -- play --------------------------------------------------------------------------------------------------------------------------------
    Mutant("play-follows-stale-advice", "thirtyone/widgets/play.py",
           "if t is None or advice is None or not advice.is_for(t.state):\n        return False",
           "if t is None or advice is None:\n        return False",
           "'Play the coach's move' plays advice given for an earlier moment"),
    Mutant("play-level-text-lists-everyone", "thirtyone/widgets/play.py",
           "fewer = [knock_rule(level, rules, n) for n in range(players - 1, 1, -1)]",
           "fewer = [knock_rule(level, rules, n) for n in range(players, 1, -1)]",
           "'when players drop out' lists the threshold for the table as it is too"),
    Mutant("play-out-kept-as-swimming", "thirtyone/widgets/play.py",
           "            elif len(lives) == gone[me]:\n                lives.append(-1)",
           "            elif len(lives) == gone[me]:\n                lives.append(0)",
           "a game the learner lost is kept as if they were still swimming at the end"),
    Mutant("play-game-kept-twice", "thirtyone/widgets/play.py",
           "if self.table is None or self._kept_for is self.table:",
           "if self.table is None:",
           "a finished game is kept again each time its last state is seen"),
    # -- replay and the replay panel -----------------------------------------------------------------------------------------------------------
    Mutant("replay-seed-ignores-the-turn", "thirtyone/replay.py",
           'f"bots:{game_seed}:{round_}:{seat}:{turns}:{phase}"',
           'f"bots:{game_seed}:{round_}:{seat}:0:{phase}"',
           "a bot's random draws are the same on every turn of a round"),
    Mutant("replay-bots-not-reseeded", "thirtyone/replay.py",
           "    bot.rng.seed(decision_seed(state.seed, state.round, p, state.turns, str(state.phase)))\n",
           "",
           "a bot's random draws go on from its earlier decisions: a replay's bots choose otherwise than the round's"),
    Mutant("replay-swap-loses-a-card", "thirtyone/replay.py",
           '_WITH_CARDS = {"discard": 1, "swap": 2}',
           '_WITH_CARDS = {"discard": 1, "swap": 1}',
           "a swap read back from the round's events names only the card given"),
    Mutant("replay-first-difference-one-late", "thirtyone/replay.py",
           "            if a != b:\n                return i",
           "            if a != b:\n                return i + 1",
           "the first differing move is reported one move late"),
    Mutant("table-bots-draw-on-from-the-game", "thirtyone/widgets/tablecontrol.py",
           "        return seeded_choice(bot, self.state)",
           "        return bot.choose(self.state.view(self.state.current_player))  # type: ignore[arg-type]",
           "the table's bots draw their chances from one generator for the whole game: a round cannot be replayed",
           tests=("tests/sim/test_replay.py",)),
    Mutant("replay-panel-columns-swapped", "thirtyone/widgets/roundreplay.py",
           "rows = [[labels[p], str(mine[p]), str(theirs[p])] for p in seats]",
           "rows = [[labels[p], str(theirs[p]), str(mine[p])] for p in seats]",
           "the table shows the coach's lives under 'Your round'"),
    Mutant("replay-panel-second-click-plays-again", "thirtyone/widgets/roundreplay.py",
           "if key is None or t is None or self._for == key:",
           "if key is None or t is None:",
           "a second click on 'Watch the coach play this round' plays the round again"),
    Mutant("replay-panel-outlives-its-round", "thirtyone/widgets/roundreplay.py",
           "            self._gen += 1  # a replay under way for another round stops at its next move\n",
           "",
           "a replay still playing when the next round is dealt goes on and shows its result under the new round"),
    Mutant("replay-panel-says-the-coach-did-yours", "thirtyone/widgets/roundreplay.py",
           "{did_sentence('you', mine, before)} {did_sentence('coach', coach, before)}",
           "{did_sentence('you', coach, before)} {did_sentence('coach', mine, before)}",
           "where the rounds part, the learner's move is said as the coach's and the other way round"),
    # -- guide ----------------------------------------------------------------------------------------------------------------------------------
    Mutant("guide-any-move-accepted", "thirtyone/widgets/guide.py",
           "        if action == self.expected:\n            return None",
           "        if action is not None:\n            return None",
           "the walkthrough accepts any legal move where it asks for one"),
    Mutant("guide-back-from-the-first-step", "thirtyone/widgets/guide.py",
           "        if self.index == 0:\n            return False\n        self.go(self.index - 1)",
           "        if self.index < 0:\n            return False\n        self.go(self.index - 1)",
           "Back on the first step says it went back"),
    # -- ruleset ----------------------------------------------------------------------------------------------------------------------------------
    Mutant("ruleset-lives-make-own-rules", "thirtyone/widgets/ruleset.py",
           "if Rules.preset(key).replace(lives=r.lives) == r:",
           "if Rules.preset(key) == r:",
           "a preset with other lives is shown as 'Your own rules'"),
    Mutant("ruleset-first-choice-shown-for-draw", "thirtyone/widgets/ruleset.py",
           'hide = f in other or (f == "first_choice" and r.family == "draw")',
           "hide = f in other",
           "the first-choice menu (a commerce option) is shown for draw games"),
    # -- charts and study ------------------------------------------------------------------------------------------------------------------------------
    Mutant("charts-near-best-by-mean", "thirtyone/widgets/charts.py",
           "near = [p.threshold for p in self.points if p.mean <= best.high]",
           "near = [p.threshold for p in self.points if p.mean <= best.mean]",
           "the tournament chart names only the best threshold as about as good, not those inside its interval"),
    Mutant("charts-players-line-dealer-off-by-one", "thirtyone/widgets/charts.py",
           "seat = players if seat == 0 else 1",
           "seat = players - 1 if seat == 0 else 1",
           "comparing table sizes for the dealer draws the seat before the dealer"),
    Mutant("study-numeric-column-off-by-one", "thirtyone/widgets/study.py",
           "for j, c in enumerate(row[1:], start=1):",
           "for j, c in enumerate(row[1:]):",
           "html_table aligns the column after the numeric one to the right", tests=("tests/widgets/test_advisor.py",)),
    Mutant("study-pct-rounds-down", "thirtyone/widgets/study.py",
           'return percent(100 * x)',
           'return percent(int(100 * x))',
           "pct cuts 0.299 to 29% instead of rounding to 30%", tests=("tests/widgets/test_advisor.py",)),
    # -- the review's schedule and its widget (issue 22) -------------------------------------------------------------------------------
    Mutant("schedule-miss-keeps-its-step", "thirtyone/schedule.py",
           "step = min(item[\"step\"] + 1, len(STEPS_DAYS) - 1) if right else 0",
           "step = min(item[\"step\"] + 1, len(STEPS_DAYS) - 1) if right else item[\"step\"]",
           "a miss leaves the item at its step instead of sending it back to the first", tests=("tests/engine/test_schedule.py",)),
    Mutant("schedule-due-only-when-overdue", "thirtyone/schedule.py",
           'if check(i)["due"] <= now)',
           'if check(i)["due"] < now)',
           "an item due exactly now is not due yet", tests=("tests/engine/test_schedule.py",)),
    Mutant("review-tomorrow-for-two-days", "thirtyone/widgets/review.py",
           "if days < 1.5:",
           "if days < 2.5:",
           "an item due in two days is said to come back tomorrow", tests=("tests/widgets/test_review.py",)),
    Mutant("review-miss-counted-right", "thirtyone/widgets/review.py",
           "updated = schedule.answered(item, right, self.now)",
           "updated = schedule.answered(item, True, self.now)",
           "a missed review moves the item one step on", tests=("tests/widgets/test_review.py",)),
    Mutant("memory-answers-before-load-lost", "thirtyone/widgets/memory.py",
           "        for apply in self._pending:\n            record = apply(record)",
           "        for apply in ():\n            record = apply(record)",
           "answers given before the browser's record arrived are dropped", tests=("tests/widgets/test_memory.py",)),
    Mutant("memory-bad-record-not-set-aside", "thirtyone/widgets/memory.py",
           "            self.aside = text",
           "            pass",
           "a record that could not be read is overwritten instead of set aside", tests=("tests/widgets/test_memory.py",)),
    Mutant("memory-done-after-one-answer", "thirtyone/widgets/memory.py",
           'progress.exercise(record, self.page, name)["asked"] >= n for name, n in need.needs.items()',
           'progress.exercise(record, self.page, name)["asked"] >= 1 for name, n in need.needs.items()',
           "a lesson is marked done after one answer to each exercise, not the answers its definition needs",
           tests=("tests/widgets/test_memory.py",)),
    Mutant("guide-finish-counted-at-every-return", "thirtyone/widgets/guide.py",
           "        elif self.done and not self._finished:",
           "        elif self.done:",
           "going back and forth at a walkthrough's last step counts it finished again each time",
           tests=("tests/widgets/test_memory.py",)),
    Mutant("memory-damaged-file-loaded", "thirtyone/widgets/memory.py",
           "note not in (progress.Note.OK, progress.Note.CHANGED)",
           "note not in (progress.Note.OK, progress.Note.CHANGED, progress.Note.DAMAGED)",
           "Load from a file takes a hand-edited file whose damaged parts are dropped silently",
           tests=("tests/widgets/test_memory_files.py",)),
    # -- the course manifest: the pages, their exercises and pools (issue 32) ---------------------------------------------------
    Mutant("course-lesson-1-done-after-3-quizzes", "thirtyone/course.py",
           'done=Done({"quiz": 5, "tie": 3})',
           'done=Done({"quiz": 3, "tie": 3})',
           "lesson 1 is marked done after 3 answers to its quiz, not the 5 the course asks",
           tests=("tests/widgets/test_memory.py",)),
    Mutant("course-review-preheated", "thirtyone/course.py",
           '"de": "Wiederholung"}, Pool.NONE,',
           '"de": "Wiederholung"}, Pool.ARRIVAL,',
           "the Review keeps a class's size of kernels preheated that nobody waits for",
           tests=("tests/server/test_server_settings.py",)),
    Mutant("course-any-lesson-number-taken", "thirtyone/course.py",
           'rf"{number:02d}-[a-z0-9]+(-[a-z0-9]+)*"',
           'rf"[0-9][0-9]-[a-z0-9]+(-[a-z0-9]+)*"',
           "a lesson whose stem has another lesson's number is taken (its progress marks and the index's Continue name it wrongly)",
           tests=("tests/course/test_manifest.py",)),
    # -- the path without NumPy (issue 32): which path is taken, the pure play-outs, what a widget says -----------------------------
    Mutant("compute-outer-pure-block-decides", "thirtyone/compute.py",
           "        if _FORCED[-1]:\n",
           "        if _FORCED[0]:\n",
           "inside a pure_python() block, pure_python(False) does not bring NumPy back: the outermost block decides"),
    Mutant("compute-blocked-numpy-taken-for-installed", "thirtyone/compute.py",
           'return sys.modules["numpy"] is not None',
           "return True",
           "a NumPy that cannot be imported (None in sys.modules, as in a browser) is taken for installed: every "
           "simulation of a page fails"),
    Mutant("compute-browser-plays-every-round", "thirtyone/compute.py",
           "else min(numpy_rounds, PURE_KNOCK_RULE_ROUNDS)",
           "else numpy_rounds",
           "in a browser the knock-rule tournament of rules that are no preset plays a server's 500 rounds a "
           "candidate, though the advisor says it plays 100 (and the page waits five times longer)"),
    Mutant("pure-taken-card-thrown-back", "thirtyone/purestep.py",
           "                if take and not rules.discard_taken:\n",
           "                if take and rules.discard_taken:\n",
           "a pure play-out may throw back the card it just took where the rules forbid it (and never where they allow it)"),
    Mutant("pure-schedule-falls-every-turn", "thirtyone/purestep.py",
           "start[p] - drop[p] * (t // n_active)",
           "start[p] - drop[p] * t",
           "a falling knock threshold falls every turn on the pure path, not each time round the table"),
    Mutant("pure-rebuilt-stock-loses-the-top-card", "thirtyone/purestep.py",
           "                pile = [pile[-1]]\n",
           "                pile = []\n",
           "when the stock is rebuilt from the discard pile, the pure path loses the pile's top card instead of leaving it"),
    Mutant("pure-new-center-needs-four-cards", "thirtyone/purestep.py",
           "elif ptr + 3 > len(st):  # no new center to lay",
           "elif ptr + 3 >= len(st):  # no new center to lay",
           "when everyone has passed and exactly three stock cards are left, the pure path ends the round instead of "
           "laying them as a new center"),
    Mutant("failure-line-not-an-alert", "thirtyone/widgets/failure.py",
           """return f'<p class="to-error" role="alert">""",
           """return f'<p class="to-note">""",
           "a simulation that failed in a widget is said as a plain note: not shown as an error, not read out at once"),
    Mutant("failure-smaller-said-for-a-preset", "thirtyone/widgets/failure.py",
           "if use_numpy() or schedule_preset(rules) is not None:",
           "if use_numpy():",
           "in a browser the advisor says a preset's knock rule comes from fewer rounds, though a preset's is shipped"),
    # -- the charts as SVG (issue 32): ticks, axes ---------------------------------------------------------------------------------
    Mutant("svg-first-tick-below-the-values", "thirtyone/widgets/svgchart.py",
           "first = math.ceil(lo / step - 1e-9)",
           "first = math.floor(lo / step - 1e-9)",
           "an axis's first tick is a round value below the lowest value shown, outside the plot"),
    Mutant("svg-places-drawn-upside-down", "thirtyone/widgets/svgchart.py",
           "return top + share * (bottom - top) if y.inverted else bottom - share * (bottom - top)",
           "return bottom - share * (bottom - top)",
           "lesson 6's chart of the learner's places draws first place at the bottom, as if a lower place were better"),
    Mutant("svg-last-round-tick-dropped", "thirtyone/widgets/svgchart.py",
           "shown = shown[::every] if (len(shown) - 1) % every == 0 else shown[::every] + [shown[-1]]",
           "shown = shown[::every]",
           "a long game's lives chart leaves out the last round's tick when the rounds do not fall evenly"),
    # -- strength: the duplicate arena and the public knock rules ----------------------------------------------------------------
    Mutant("strength-diff-the-wrong-way", "thirtyone/stats.py",
           "diffs = [a - b for a, b in zip(mine, other)]",
           "diffs = [b - a for a, b in zip(mine, other)]",
           "the table says a bot that loses more lives than the intermediate loses fewer",
           tests=("tests/sim/test_strength.py", "tests/sim/test_coach.py")),
    Mutant("strength-check-deals-all-deals", "thirtyone/strength.py",
           '"first": {r.bot: sum(r.lost[:CHECK_DEALS]) for r in rows}',
           '"first": {r.bot: sum(r.lost) for r in rows}',
           "the shipped table's check keeps every deal's lives, so replaying its first deals never matches"),
    Mutant("strength-table-coach-strongest-by-the-mean", "thirtyone/widgets/charts.py",
           'diff, half = c["minus"]["expert"]\n            if diff + half < 0:',
           'diff, half = c["minus"]["expert"]\n            if diff < 0:',
           "lesson 5 calls the coach the strongest player while its interval against the expert still holds 0",
           tests=("tests/widgets/test_strength_table.py",)),
    Mutant("coach-bot-follows-the-worst-move", "thirtyone/coach.py",
           "return min(cands, key=lambda a: (sum(losses[a]), cands.index(a)))",
           "return max(cands, key=lambda a: (sum(losses[a]), cands.index(a)))",
           "the coach as a player makes the move the coach rates worst, so lesson 5's coach row measures another player"),
    Mutant("strength-coach-paired-with-other-deals", "thirtyone/strength.py",
           "paired(coach.lost, r.lost[:n])",
           "paired(coach.lost, r.lost[-n:])",
           "the coach's lives are paired with the last deals of a cell, not the deals it played"),
    Mutant("strength-table-verdict-by-the-mean", "thirtyone/widgets/charts.py",
           'if r["diff"] + r["half"] < 0:',
           'if r["diff"] < 0:',
           "lesson 5 calls the expert measurably stronger while its interval still holds 0",
           tests=("tests/widgets/test_strength_table.py",)),
    Mutant("coach-saves-against-the-last-move", "thirtyone/coach.py",
           "diff, half = paired(losses[moves[1].action], losses[best.action])",
           "diff, half = paired(losses[moves[-1].action], losses[best.action])",
           "the coach's saving is measured against the worst move, not the second best"),
    Mutant("coach-saves-about-as-good-inverted", "thirtyone/coach.py",
           "    if mean - half <= 0:\n",
           "    if mean + half <= 0:\n",
           "the coach never says two moves are about as good when the saving's interval holds 0"),
    Mutant("strength-spoole-knocks-at-19", "thirtyone/strength.py",
           "return self.value(view) >= self.KNOCK_AT",
           "return self.value(view) > self.KNOCK_AT",
           "spoole50's rule knocks only above 18, not at 18 as its source says"),
    Mutant("strength-part-starts-at-deal-0", "thirtyone/strength.py",
           "for d in range(first, first + rounds):",
           "for d in range(rounds):",
           "a long cell played in parts plays its first deals again in every part, not the deals it names"),
    Mutant("strength-run-without-the-classic-expert", "thirtyone/strength.py",
           'return ARENA_BOTS + ("expert-classic",) if field == "intermediate" else ARENA_BOTS',
           "return ARENA_BOTS",
           "the strength run leaves out the expert that does not read the table, so nothing measures the reading"),
    Mutant("strength-coach-on-4000-deals-in-scat-4", "thirtyone/strength.py",
           'COACH_CELL_ROUNDS: dict[tuple[str, int], int] = {("scat", 4): FULL_ROUNDS["intermediate"],',
           'COACH_CELL_ROUNDS: dict[tuple[str, int], int] = {("scat", 4): 4_000,',
           "the coach plays only 4,000 deals in Scat with 4 players, too few to tell it from the expert of before"),
    Mutant("strength-same-seat-every-deal", "thirtyone/strength.py",
           "seat = d % players",
           "seat = 0",
           "the bot under test always sits in the dealer's seat instead of a rotating one"),
    # -- views: the score view, the card values, the hand comparison ---------------------------------------------------------------
    Mutant("views-duplicate-blames-the-other-hand", "thirtyone/widgets/views.py",
           "order = [i for i in read if i != changed] + ([changed] if changed in read else [])",
           "order = list(read)",
           "a card typed into a hand that another hand already holds is blamed on the other hand"),
    Mutant("views-lowest-tag-on-the-others", "thirtyone/widgets/views.py",
           "            if i in lowest:\n                v.value +=",
           "            if i not in lowest:\n                v.value +=",
           "the comparison marks the hands that are not lowest as lowest"),
    Mutant("views-jack-worth-its-number", "thirtyone/widgets/views.py",
           "elif c.rank in (9, 10, 11):",
           "elif c.rank in (10, 11):",
           "clicking a jack says a number card is worth its number"),
    Mutant("views-so-far-one-short", "thirtyone/widgets/views.py",
           'if missing > 0 else ""',
           'if missing > 1 else ""',
           "a hand of two cards does not say one more card is to pick"),
    Mutant("views-sentence-double-stop", "thirtyone/widgets/views.py",
           '("" if text.endswith((".", "!", "?")) else ".")',
           '"."',
           "an explanation that ends with a full stop gets a second one"),
    # -- lesson 4's tables: the presets side by side, a staged round replayed --------------------------------------------------------
    Mutant("replay-own-hands-share-a-card", "thirtyone/widgets/variants.py",
           "every.count(c) > 1})",
           "every.count(c) > 2})",
           "two own hands may hold the same card"),
    Mutant("replay-changed-tag-on-the-same", "thirtyone/widgets/variants.py",
           "changed = life != lives[0]",
           "changed = life == lives[0]",
           "the replay marks the rule sets whose lives end the same as ending differently"),
    Mutant("replay-out-said-swimming", "thirtyone/widgets/variants.py",
           "            if o:\n                said.append(_(\"{name} is out of the game.\").format(name=n))\n"
           "            elif lv == 0:\n                said.append(_(\"{name} is swimming.\").format(name=n))\n",
           "            if lv == 0:\n                said.append(_(\"{name} is swimming.\").format(name=n))\n"
           "            elif o:\n                said.append(_(\"{name} is out of the game.\").format(name=n))\n",
           "a player who is out is said to be swimming"),
    Mutant("replay-menu-offers-every-situation", "thirtyone/widgets/variants.py",
           "for k in group_of(situation)])",
           "for k in SITUATIONS])",
           "each replay's menu offers all 16 situations, not its group's: the heading above no longer matches the lesson's"),
    Mutant("replay-shared-box-one-rule-sets-moves", "thirtyone/widgets/variants.py",
           "alike = all(moves[i] == moves[members[0]] for i in members)",
           "alike = True",
           "a result box shared by rule sets that end alike shows only the first one's moves"),
    Mutant("presets-one-ticked-says-same", "thirtyone/widgets/variants.py",
           "everything = self.every_box.value or len(chosen) == 1",
           "everything = self.every_box.value",
           "one rule set ticked alone says 'these rule sets are the same' instead of showing its options"),
    Mutant("replay-commerce-center-as-discard", "thirtyone/widgets/variants.py",
           'if rules.family == "commerce":\n        text = _("The center',
           'if rules.family != "commerce":\n        text = _("The center',
           "the staged cards are named a center in draw games and a discard pile in commerce games"),
    # -- what the widgets share to write HTML -------------------------------------------------------------------------------------------
    Mutant("html-esc-keeps-tags", "thirtyone/widgets/_html.py",
           "return html.escape(text, quote=False)",
           "return text.replace('&', '&amp;')",
           "what a learner typed is put into the page as HTML, so '<b>' turns the message bold instead of showing it"),
    Mutant("html-number-as-python", "thirtyone/widgets/_html.py",
           "return i18n.number(value)",
           "return str(value)",
           "values are shown as Python writes them (19.0, and 30.5 in Spanish too)"),
    # -- the card component: which clicks count ----------------------------------------------------------------------------------------
    Mutant("card-disabled-card-activates", "thirtyone/widgets/card.py",
           "if self.disabled or not self.interactive or card != self.value",
           "if not self.interactive or card != self.value",
           "a disabled card still hears a click"),
    Mutant("card-row-disabled-card-activates", "thirtyone/widgets/card.py",
           "if not self.interactive or card not in self.cards or card in self.disabled or",
           "if not self.interactive or card not in self.cards or",
           "a disabled card in a row still hears a click"),
    Mutant("card-ints-true-is-a-card", "thirtyone/widgets/card.py",
           "isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 52",
           "isinstance(c, int) and 0 <= c < 52",
           "True and False are shown as the 3 and 2 of clubs instead of face down"),
    Mutant("card-any-message-activates", "thirtyone/widgets/card.py",
           'if not isinstance(content, dict) or content.get("event") != "activate":',
           "if not isinstance(content, dict):",
           "any message from the page (not only an activation) clicks a card"),
    # -- mistakes unlike the ones above, caught by the behaviour tests (issue 31): cards, bots, the advisor ------------------------------
    Mutant("cards-hollow-spade-reads-as-heart", "thirtyone/cards.py",
           '{"♤": 1, "♡": 2',
           '{"♤": 2, "♡": 2',
           "parse_cards reads the outlined spade ♤ as a heart", tests=("tests/engine/test_cards_behaviour.py",)),
    Mutant("cards-deck-rank-by-rank", "thirtyone/cards.py",
           "for s in range(4) for r in range(low, 13))",
           "for r in range(low, 13) for s in range(4))",
           "a fresh deck comes rank by rank (2♣ 2♠ 2♥ 2♦ …), not suit by suit in Skat order", tests=("tests/engine/test_cards_behaviour.py",)),
    Mutant("cards-tabs-and-newlines-not-separators", "thirtyone/cards.py",
           're.split(r"[\\s,]+", text.strip())',
           're.split(r"[ ,]+", text.strip())',
           "parse_cards refuses cards written one a line or separated by tabs", tests=("tests/engine/test_cards_behaviour.py",)),
    Mutant("cards-int-zero-refused", "thirtyone/cards.py",
           "and 0 <= token < 52:",
           "and 0 < token < 52:",
           "parse_cards refuses the card 0 (2♣) given as an int", tests=("tests/engine/test_cards_behaviour.py",)),
    Mutant("bots-throw-back-the-taken-card", "thirtyone/bots.py",
           "            forbidden = None if rules.discard_taken else view.taken\n            c = best_discard",
           "            forbidden = None\n            c = best_discard",
           "a greedy bot throws back the card it just took where the rules forbid it (BGA's draw game): an illegal move",
           tests=("tests/sim/test_bots_behaviour.py",)),
    Mutant("bots-beginner-patience-counts-seats-out", "thirtyone/bots.py",
           'return KnockRule("beginner", len(view.active), None, self.patience)',
           'return KnockRule("beginner", view.players, None, self.patience)',
           "a beginner's patience counts the seats of players already out, so it knocks late", tests=("tests/sim/test_bots_behaviour.py",)),
    Mutant("bots-expert-patience-not-doubled", "thirtyone/bots.py",
           'return KnockRule("expert", len(view.active), None, 2 * self.patience, simulates=True)',
           'return KnockRule("expert", len(view.active), None, self.patience, simulates=True)',
           "the expert knocks any hand once the other levels' patience runs out, not after twice as many turns", tests=("tests/sim/test_bots_behaviour.py",)),
    Mutant("bots-playouts-threshold-counts-seats-out", "thirtyone/bots.py",
           "            n = len(view.active)\n            return intermediate_schedule",
           "            n = view.players\n            return intermediate_schedule",
           "the threshold the expert's play-outs assume reads the table with its players out still in", tests=("tests/sim/test_bots_behaviour.py",)),
    Mutant("advisor-choose-sets-before-checking", "thirtyone/widgets/advisor.py",
           "        self._check_choice(rules, hand, players, seat, turn)\n",
           "",
           "a choose() the advisor refuses has already set the players and the seat: the menus no longer match the advice",
           tests=("tests/widgets/test_advisor_behaviour.py",)),
    Mutant("advisor-worth-of-the-last-hand", "thirtyone/widgets/advisor.py",
           "            self.hand_text.value = _worth_html(hand_value(cards, self._rules))  # this hand's, not the last one's\n",
           "",
           "a hand that ends the round on the deal is shown with the last hand's worth", tests=("tests/widgets/test_advisor_behaviour.py",)),
    Mutant("advisor-rules-keep-the-old-turns", "thirtyone/widgets/advisor.py",
           "            self.picker.rules = self._rules  # 2 to 8 players suit both decks: the players menu stays\n"
           "            self._turn_options()\n",
           "            self.picker.rules = self._rules  # 2 to 8 players suit both decks: the players menu stays\n",
           "a new rule set keeps the turn menu of the old one (a widow's first turn, BGA's no-knock turns)", tests=("tests/widgets/test_advisor_behaviour.py",)),
    Mutant("advisor-drill-every-answer-right", "thirtyone/widgets/advisor.py",
           "self.right += verdict.right",
           "self.right += 1",
           "the drill's score counts a wrong answer as right", tests=("tests/widgets/test_advisor_behaviour.py",)),
)


def apply_mutant(text: str, m: Mutant) -> str | None:
    """``text`` with the mutant's snippet replaced, or ``None`` if the snippet is not there exactly once."""
    if text.count(m.old) != 1:
        return None
    return text.replace(m.old, m.new)


def copy_tree(root: Path, dest: Path) -> None:
    """The parts of the repository the engine tests need, without bytecode caches."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints")
    for name in COPIED:
        if (root / name).is_dir():
            shutil.copytree(root / name, dest / name, ignore=skip)
    for name in ("pyproject.toml", "README.md", "babel.cfg", "Makefile"):
        if (root / name).exists():
            shutil.copy(root / name, dest / name)


def test_env(copy: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTEST_ADDOPTS", None)
    return env


def imported_from(copy: Path, package: str = "thirtyone") -> Path:
    """Where ``import package`` resolves in a copy's environment (it must be inside the copy)."""
    out = subprocess.run([sys.executable, "-c", f"import {package}; print({package}.__file__)"], cwd=copy,
                         env=test_env(copy), capture_output=True, text=True, check=True)
    return Path(out.stdout.strip()).resolve()


def pytest_command(tests: Sequence[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", *tests, "-x", "-q", "-p", "no:cacheprovider",
            "-m", "not browser and not slow"]


def first_failure(output: str) -> str:
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line.split(" - ")[0]
    return output.strip().splitlines()[-1] if output.strip() else ""


def run_mutant(root: Path, m: Mutant | None, tests: Sequence[str], timeout: float,
               package: str = "thirtyone") -> Outcome:
    """Copy ``root``, apply ``m`` (``None``: the unmutated baseline), run ``tests`` in the copy."""
    start = time.monotonic()
    dummy = m or Mutant("baseline", "", "", "", "today's code")
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        copy = Path(tmp)
        copy_tree(root, copy)
        if m is not None:
            target = copy / m.file
            if not target.exists():
                return Outcome(m, "stale", 0.0, f"{m.file} does not exist")
            text = target.read_text(encoding="utf-8")
            new = apply_mutant(text, m)
            if new is None:
                return Outcome(m, "stale", 0.0, f"snippet found {text.count(m.old)} times in {m.file}, not once")
            try:
                compile(new, str(target), "exec")
            except SyntaxError as exc:
                return Outcome(m, "invalid", 0.0, f"does not compile: {exc}")
            target.write_text(new, encoding="utf-8")
        where = imported_from(copy, package)
        if copy.resolve() not in where.parents:
            raise SystemExit(f"mutate: in the copy, import {package} resolves to {where}, not the copy")
        present = [t for t in tests if (copy / t.split("::")[0]).exists()]
        try:
            run = subprocess.run(pytest_command(present), cwd=copy, env=test_env(copy), capture_output=True,
                                 text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Outcome(dummy, "caught", time.monotonic() - start, f"timed out after {timeout:.0f} s")
    took = time.monotonic() - start
    if run.returncode == 0:
        return Outcome(dummy, "survived", took, "")
    if run.returncode == 5:  # no tests collected: not a catch
        return Outcome(dummy, "invalid", took, "no tests ran")
    return Outcome(dummy, "caught", took, first_failure(run.stdout + run.stderr))


def empty_loop_seconds() -> float:
    """An empty 10-million-step Python loop, timed: the yardstick every figure of the project is given in."""
    t0 = time.perf_counter()
    for _ in range(10_000_000):
        pass
    return time.perf_counter() - t0


def share(outcomes: Sequence[Outcome]) -> tuple[int, int]:
    """(caught, counted): among the mutants not marked equivalent that could be run."""
    counted = [o for o in outcomes if not o.mutant.equivalent and o.status in ("caught", "survived")]
    return sum(o.status == "caught" for o in counted), len(counted)


def report(outcomes: Sequence[Outcome]) -> str:
    width = max([len(o.mutant.name) for o in outcomes] + [6])
    lines = [f"{'mutant':<{width}}  {'file':<20}  {'result':<10}  {'time':>6}  detail"]
    for o in outcomes:
        status, detail = o.status, o.detail
        if o.status == "survived":
            status, detail = ("equivalent", o.mutant.equivalent) if o.mutant.equivalent else (status, o.mutant.what)
        elif o.status == "caught" and o.mutant.equivalent:
            status, detail = "caught!", "marked equivalent, yet a test fails: " + o.detail
        lines.append(f"{o.mutant.name:<{width}}  {Path(o.mutant.file).name:<20}  {status:<10}  "
                     f"{o.seconds:5.1f}s  {detail}")
    caught, counted = share(outcomes)
    equivalent = sum(bool(o.mutant.equivalent) for o in outcomes)
    stale = [o for o in outcomes if o.status in ("stale", "invalid")]
    pct = 100 * caught / counted if counted else 0.0
    lines.append("")
    lines.append(f"caught {caught} of {counted} mutants that change behaviour: {pct:.1f}% (goal {GOAL:.0%}); "
                 f"{equivalent} marked equivalent, {len(stale)} stale or invalid")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, root: Path = ROOT, mutants: Sequence[Mutant] = MUTANTS,
         tests: Sequence[str] = ENGINE_TESTS, package: str = "thirtyone") -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="extend", nargs="+", metavar="NAME",
                    help="run only these mutants (several names, or the option repeated)")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--check", action="store_true",
                    help="only check that every snippet is found once (a second), run nothing")
    ap.add_argument("-j", type=int, default=1, metavar="N", help="run N mutants at once (default 1)")
    ap.add_argument("--tests", action="append", metavar="PATH",
                    help="run these test files instead of each mutant's own and the engine tests (repeatable)")
    ap.add_argument("--timeout", type=float, default=0, help="seconds per mutant (default: 4 × the baseline)")
    args = ap.parse_args(argv)
    chosen = list(mutants)
    if args.only:
        names = {m.name for m in mutants}
        unknown = [n for n in args.only if n not in names]
        if unknown:
            ap.error(f"no mutant named {', '.join(unknown)}; --list shows them")
        chosen = [m for m in mutants if m.name in args.only]
    if args.list:
        for m in chosen:
            print(f"{m.name:<36} {m.file:<22} {m.what}" + (f"  [equivalent: {m.equivalent}]" if m.equivalent else ""))
        return 0
    if args.check:
        stale = [m for m in chosen if not (root / m.file).exists()
                 or apply_mutant((root / m.file).read_text(encoding="utf-8"), m) is None]
        for m in stale:
            print(f"stale: {m.name} ({m.file}): {m.old!r}")
        print(f"{len(chosen) - len(stale)} of {len(chosen)} snippets found once each")
        return 2 if stale else 0
    runs = {m.name: list(args.tests) if args.tests else tests_for(m, tests) for m in chosen}
    union = list(dict.fromkeys(t for m in chosen for t in runs[m.name])) or list(args.tests or tests)
    start = time.monotonic()
    base = run_mutant(root, None, union, timeout=args.timeout or 900, package=package)
    if base.status != "survived":
        print(f"mutate: the tests fail on today's code ({base.detail}); fix that first", file=sys.stderr)
        return 2
    timeout = args.timeout or max(60.0, 4 * base.seconds)
    print(f"baseline: {base.seconds:.1f} s for the {len(union)} test files; per-mutant timeout {timeout:.0f} s; "
          f"{len(chosen)} mutants, {args.j} at a time", flush=True)
    with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
        futures = [pool.submit(run_mutant, root, m, runs[m.name], timeout, package) for m in chosen]
        for done, f in enumerate(as_completed(futures), 1):
            o = f.result()
            print(f"  [{done}/{len(chosen)}] {o.mutant.name}: {o.status} ({o.seconds:.0f} s)", flush=True)
    outcomes = [f.result() for f in futures]
    print(report(outcomes))
    took = time.monotonic() - start
    loop = empty_loop_seconds()
    print(f"the run took {took:.0f} s, {took / loop:.0f} × an empty 10-million-step loop ({loop:.2f} s) timed now")
    if any(o.status in ("stale", "invalid") for o in outcomes):
        return 2
    caught, counted = share(outcomes)
    return 0 if counted == 0 or caught / counted >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
