"""What one Marianna deal scores and whom it makes win (docs/rules.md §3, §3a, §3b).

Each side's card points plus its declarations (mariannas by their place in the deal, a
mariannino, matrimoni with two players), one line of explanation per side, and the match's
outcome after the deal: a mariannone or a claim ends it at once, else the target decides.
"""

from __future__ import annotations

from functools import lru_cache

from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .options import MariannaOptions
from .records import Declaration, MariannaRecord

COVERED_VALUE = 20
ORDINALS = ("1st", "2nd", "3rd", "4th")
ORDINAL_VALUES = {"40-60-80-100": (40, 60, 80, 100), "20-40-60-80": (20, 40, 60, 80)}

#: who won the match with a deal (or None), the line saying so (or None), how it ended
Outcome = tuple[int | None, Msg | None, str | None]


def side_label(side: int, options: MariannaOptions) -> Msg:
    """How explanations name a side: "Team A"/"Team B", or "Player 1"/"Player 2"."""
    if options.players == 2:
        return Msg("marianna.player_side", player=side)
    return Msg("marianna.team_side", team=side)


def _marianna_value(options: MariannaOptions, ordinal: int, covered: bool) -> int:
    """The ordinal-th marianna of a deal (from 1): covered 20, else by the values option."""
    if covered:
        return COVERED_VALUE
    if options.first_sets_trump:
        return 40 if ordinal == 1 else 20
    return ORDINAL_VALUES[options.values][ordinal - 1]


def _mariannino(options: MariannaOptions, d: Declaration) -> tuple[Msg, int]:
    """A mariannino's words and points (the mariannino option)."""
    value = options.mariannino
    return Msg("marianna.mariannino", suit=d.suit, points=value), value


def _matrimonio(options: MariannaOptions, d: Declaration, trump: str | None) -> tuple[Msg, int]:
    """A matrimonio's words and points: one in trumps scores more than a plain one."""
    in_trumps = d.suit == trump
    value = options.matrimonio_trump if in_trumps else options.matrimonio_plain
    code = "marianna.matrimonio_trump" if in_trumps else "marianna.matrimonio"
    return Msg(code, suit=d.suit, points=value), value


def _nth_marianna(options: MariannaOptions, d: Declaration, ordinal: int) -> tuple[Msg, int]:
    """The ordinal-th marianna's (from 1) words and points."""
    value = _marianna_value(options, ordinal, d.covered)
    code = "marianna.nth_covered" if d.covered else "marianna.nth"
    nth = Msg(f"marianna.{ORDINALS[ordinal - 1]}")
    return Msg(code, ordinal=nth, suit=d.suit, points=value), value


def declaration_values(
    options: MariannaOptions, record: MariannaRecord
) -> list[tuple[Declaration, Msg, int]]:
    """Each scoring declaration of a deal with its words and points (mariannone scores none)."""
    out = []
    ordinal = 0
    for d in record.declarations:
        if d.kind == "mariannone":
            continue
        if d.kind == "mariannino":
            label, value = _mariannino(options, d)
        elif options.players == 2:
            label, value = _matrimonio(options, d, record.trump)
        else:
            ordinal += 1
            label, value = _nth_marianna(options, d, ordinal)
        out.append((d, label, value))
    return out


def score_deal(
    options: MariannaOptions, record: MariannaRecord
) -> tuple[tuple[int, int], list[str]]:
    """What one deal adds for each side, with one line of explanation per side."""
    try:
        delta, lines = _score_deal(options, record)
    except TypeError:  # a record built by hand with a list inside: not hashable, not memoised
        delta, lines = _score_deal.__wrapped__(options, record)
    return delta, list(lines)


def _own(values: list[tuple[Declaration, Msg, int]], side: int) -> list[tuple[Msg, int]]:
    """The words and points of one side's declarations."""
    return [(label, v) for d, label, v in values if d.side == side]


def _side_total(
    side: int,
    options: MariannaOptions,
    record: MariannaRecord,
    values: list[tuple[Declaration, Msg, int]],
) -> tuple[int, Msg]:
    """One side's points for the deal (cards and declarations) and the line explaining them."""
    own = _own(values, side)
    total = record.points[side] + sum(v for _, v in own)
    name, cards = side_label(side, options), record.points[side]
    if not own:
        return total, Msg("marianna.side_cards", side=name, cards=cards)
    melds = tuple(label for label, _ in own)
    return total, Msg("marianna.side_total", side=name, cards=cards, melds=melds, total=total)


@lru_cache(maxsize=8192)
def _score_deal(
    options: MariannaOptions, record: MariannaRecord
) -> tuple[tuple[int, int], tuple[str, ...]]:
    """score_deal, memoised (options and records are frozen; a tournament repeats deals)."""
    values = declaration_values(options, record)
    (a, line_a), (b, line_b) = (_side_total(side, options, record, values) for side in (0, 1))
    return (a, b), (line_a, line_b)


def outcome(options: MariannaOptions, record: MariannaRecord, totals: tuple[int, int]) -> Outcome:
    """Who (if anyone) won the match with this deal, the line saying so, and how it ended."""
    name = [side_label(s, options) for s in (0, 1)]
    if record.ends_early:
        return _ended_early(record, totals, name, options.target)
    return _at_target(options, record, totals, name)


def _ended_early(
    record: MariannaRecord, totals: tuple[int, int], name: list[Msg], target: int
) -> Outcome:
    """A mariannone wins the match at once; else the deal's claim decides it."""
    stopper = next((d for d in record.declarations if d.kind == "mariannone"), None)
    if stopper is not None:
        line = Msg("marianna.mariannone_wins", side=name[stopper.side])
        return stopper.side, line, "mariannone"
    return _claim(record.claim, totals, name, target)


def _at_target(
    options: MariannaOptions, record: MariannaRecord, totals: tuple[int, int], name: list[Msg]
) -> Outcome:
    """A played-out deal decides the match when it takes a side to the target (with claiming,
    only a claim does: the sides past the target are told so)."""
    target = options.target
    reached = [s for s in (0, 1) if totals[s] >= target]
    if not reached:
        return None, None, None
    if options.claim:
        return _unclaimed(reached, name, target)
    return _past_target(options, record, totals, name, reached)


def _unclaimed(reached: list[int], name: list[Msg], target: int) -> Outcome:
    """With claiming, reaching the target wins nothing until a side claims: say who is past it."""
    who = [name[s] for s in reached]
    return None, Msg("marianna.nobody_claimed", sides=who, target=target), None


def _past_target(
    options: MariannaOptions,
    record: MariannaRecord,
    totals: tuple[int, int],
    name: list[Msg],
    reached: list[int],
) -> Outcome:
    """Without claiming: one side past the target wins; both, the first there or the higher."""
    target = options.target
    if len(reached) == 1:
        s = reached[0]
        return s, Msg("marianna.reaches", side=name[s], n=totals[s], target=target), "target"
    if options.first_to_target_wins and record.first_to_target is not None:
        s = record.first_to_target
        return s, Msg("marianna.first_wins", target=target, side=name[s]), "target"
    return _higher_wins(totals, name, target)


def _higher_wins(totals: tuple[int, int], name: list[Msg], target: int) -> Outcome:
    """Both sides past the target, neither first there: the higher total wins; equal totals
    decide nothing."""
    if totals[0] == totals[1]:
        return None, Msg("marianna.both_equal", target=target, n=totals[0]), None
    s = 0 if totals[0] > totals[1] else 1
    line = Msg("marianna.more_wins", target=target, side=name[s], a=totals[s], b=totals[1 - s])
    return s, line, "target"


def _claim(
    c: int | None, totals: tuple[int, int], name: list[Msg], target: int
) -> tuple[int, Msg, str]:
    """A claim ends the match: right, the claimer wins; wrong, the opponent."""
    if totals[c] >= target:
        return c, Msg("marianna.claim_right", side=name[c], target=target, n=totals[c]), "claim"
    line = Msg("marianna.claim_wrong", side=name[c], target=target, n=totals[c],
               other_side=name[1 - c])  # fmt: skip
    return 1 - c, line, "claim"
