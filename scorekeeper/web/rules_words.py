"""The rules of one match in the players' words: the "How this match is scored" page and the
board's "played to" line.

``describe(game, preset, options)`` lists every effective option as (label, value in words),
``tariff(options)`` the Mariáš parts and their values, ``played_to(...)`` what ends the match.
Everything shown is marked for translation and written for players: no seed numbers, no file
names; a button is quoted by its real label. The option names of the API (docs/rules.md) are
for developers only: the page keeps them in a closed "Details for developers" box.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ..rules.registry import get_game


def summary(game: str, preset: str) -> str:
    """How the game (or its preset, when that is a game of its own) is scored, in a paragraph:
    the game's own words (``GameWords.summary``)."""
    return _(get_game(game, preset).words.summary)


PART_WORDS: dict[str, Any] = {
    "hra": _l("hra (game)"),
    "sto": _l("sto (announced hundred)"),
    "sto_proti": _l("sto proti (defenders' hundred)"),
    "betl": _l("betl"),
    "durch": _l("durch"),
    "sedma": _l("sedma (announced seven)"),
    "dve_sedmy": _l("dvě sedmy (double seven)"),
    "sedma_proti": _l("sedma proti (defenders' seven)"),
    "dve_sedmy_proti": _l("dvě sedmy proti (defenders' double seven, valued as dvě sedmy)"),
    "ticha_sedma": _l("tichá sedma (silent seven)"),
    "tiche_sto": _l("tiché sto (silent hundred; the hra is worth this instead of 1)"),
}

#: What a tariff holds besides the parts (licitovaný mariáš, docs/rules.md §4a).
PAYMENT_WORDS: dict[str, Any] = {
    "omyl": _l("omyl (a sedma given up before play)"),
    "renonc": _l("renonc, paušál 1"),
    "renonc_heavy": _l("renonc, paušál 2 (the heavier faults)"),
}


# Labels that read better on the rules page than the new-match form's (which explain the input).
RULE_LABELS: dict[str, Any] = {
    "flek_max": _l("Highest flek level"),
    "limit": _l("Highest payment between two players in a deal"),
    "limit_flekked": _l("…when both defenders flekked"),
    "deals": _l("Deals in the match, in all"),
    "chip_target": _l("The match ends when a balance reaches"),
    "finished_after": _l("Session finished by the table"),
    "match_target": _l("The match ends at (points)"),
    "mariannino": _l("Mariannino"),
}


def finish_button() -> str:
    """The label of the board's button that ends an open Mariáš session, as the board shows it
    (templates/matches/_board.html): help texts quote it, never a shorter word."""
    return _("Finish the session")


def labels(form_labels: Mapping[str, Any]) -> dict[str, Any]:
    """The form's option labels with the rules page's own where they differ."""
    return {**form_labels, **RULE_LABELS}


def _onoff(value: Any) -> str:
    return _("on") if value else _("off")


def _or_none(value: Any, none: str) -> str:
    return none if value is None else str(value)


def _value(name: str, value: Any, options: Mapping[str, Any]) -> str:
    """One option's value in words."""
    if isinstance(value, bool):
        return _onoff(value)
    words: dict[str, Any] = {
        "flek_max": lambda: _or_none(value, _("no limit")),
        "limit": lambda: _or_none(value, _("none")),
        "limit_flekked": lambda: _or_none(value, _("none")),
        "deals": lambda: _or_none(
            value, _("none: an open session, ended with “%(button)s”", button=finish_button())
        ),
        "chip_target": lambda: _or_none(value, _("none")),
        "finished_after": lambda: (
            _("not yet") if value is None else _("finished by the table after deal %(n)s", n=value)
        ),
        "match_target": lambda: _or_none(value, _("none (a number of games)")),
        "match_games": lambda: _or_none(value, _("none (a match target)")),
        "mariannino": lambda: _("not allowed") if not value else str(value),
        "ace_king": lambda: {
            "off": _("off"),
            "30/60": _("30, or 60 in trumps"),
            "trumps_only": _("in trumps only, 40"),
        }.get(str(value), str(value)),
        "sto_scaling": lambda: {
            "linear": _("its value again for every 10 above 100"),
            "doubling": _("doubled for every 10 above 100"),
        }.get(str(value), str(value)),
        "sto_failure": lambda: {
            "flat": _("its plain value"),
            "per_ten_short": _("its value for every 10 short of 100"),
        }.get(str(value), str(value)),
    }
    return str(words[name]()) if name in words else str(value)


def describe(
    game: str, preset: str, options: Mapping[str, Any], labels: Mapping[str, Any]
) -> list[dict[str, str]]:
    """Every effective option: its label (``labels``: the new-match form's), name and value."""
    tariff = get_game(game, preset).tariff_names
    rows = []
    for name, value in options.items():
        if name == "players" or name in tariff:
            continue  # the table of parts shows those
        label = labels.get(name) or name.replace("_", " ")
        rows.append({"label": str(label), "name": name, "value": _value(name, value, options)})
    return rows


#: Parts without an option of their own (docs/rules.md §4 v2.1): the option that values them.
VALUED_AS = {"dve_sedmy_proti": "dve_sedmy"}


def _tariff_in_order(options: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """The tariff in the game's own order: its parts and payments that have a value."""
    words = {**PART_WORDS, **PAYMENT_WORDS}
    return [
        {"name": name, "label": str(words.get(name, name)), "value": options[name]}
        for name in names
        if options.get(name) is not None
    ]


def _parts_tariff(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The Mariáš parts in the rules page's order, each valued by its own option (or by the
    one ``VALUED_AS`` names), those without a value left out."""
    value = {kind: options.get(VALUED_AS.get(kind, kind)) for kind in PART_WORDS}
    return [
        {"name": kind, "label": str(PART_WORDS[kind]), "value": value[kind]}
        for kind in PART_WORDS
        if value[kind] is not None
    ]


def tariff(options: Mapping[str, Any], names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The Mariáš parts and their values in units (docs/rules.md §4); ``names``: the game's
    tariff in its own order (licitovaný mariáš: its parts, omyl and both renonc paušály)."""
    return _tariff_in_order(options, names) if names else _parts_tariff(options)


def ladder(game: Any) -> list[dict[str, Any]]:
    """A game's ladder of contracts (licitovaný mariáš, docs/rules.md §4a): each rung, its name
    as players say it, the parts it settles and whether hearts double them; [] for a game
    without one."""
    rows = []
    for contract in getattr(game, "ladder", ()):
        parts = " + ".join(_(game.form.part_names[kind]) for kind in contract.parts)
        rows.append(
            {
                "rung": contract.rung,
                "name": _(game.contract_names[contract.name]),
                "parts": parts,
                "hearts": contract.hearts,
            }
        )
    return rows


def preset_name(game: str, preset: str) -> str:
    """The preset as players know it (``GameWords.preset_descriptions``; docs/rules.md §4:
    krizovy is a house tariff, not Křížový)."""
    text = get_game(game, preset).words.preset_descriptions.get(preset)
    return _(text) if text else preset


def _mariasz_played_to(o: Mapping[str, Any], state: Mapping[str, Any] | None = None) -> str:
    ends = (
        ngettext(
            "to %(n)s match point", "to %(n)s match points", o["match_target"], n=o["match_target"]
        )
        if o.get("match_target") is not None
        else ngettext(
            "%(n)s game", "%(n)s games", o.get("match_games") or 0, n=o.get("match_games")
        )
    )
    return _("Played to %(target)s a game, %(ends)s", target=o.get("target", 131), ends=ends)


def _mariage_played_to(o: Mapping[str, Any], state: Mapping[str, Any] | None = None) -> str:
    if o.get("match_target") is not None:
        n = o["match_target"]
        return ngettext("Played to %(n)s game point", "Played to %(n)s game points", n, n=n)
    n = o.get("match_games")
    return ngettext("Played over %(n)s game", "Played over %(n)s games", n or 0, n=n)


def _marianna_played_to(o: Mapping[str, Any], state: Mapping[str, Any] | None = None) -> str:
    return _("Played to %(n)s", n=o.get("target"))


def _marias_played_to(o: Mapping[str, Any], state: Mapping[str, Any] | None = None) -> str:
    text = _marias_agreed(o)
    rounds = (state or {}).get("extra_rounds")
    if rounds:  # docs/rules.md §4: a shared top balance played one more round (or more)
        deals = len(state["deals"])  # type: ignore[index]
        return ngettext(
            "%(played)s, then %(num)s extra round: %(deals)s deals in all",
            "%(played)s, then %(num)s extra rounds: %(deals)s deals in all",
            rounds,
            played=text,
            deals=deals,
        )
    return text


def _marias_agreed(o: Mapping[str, Any]) -> str:
    parts = []
    if o.get("deals") is not None:
        parts.append(ngettext("%(n)s deal", "%(n)s deals", o["deals"], n=o["deals"]))
    if o.get("chip_target") is not None:
        parts.append(_("until a balance reaches %(n)s", n=o["chip_target"]))
    if o.get("finished_after") is not None:
        parts.append(_("finished by the table after deal %(n)s", n=o["finished_after"]))
    if not parts:
        parts.append(_("an open session, ended with “%(button)s”", button=finish_button()))
    return _("Played: %(what)s", what=_(", or ").join(parts))


#: How a match ends in words, by the game's ``GameWords.ending`` (the texts are the pages' to
#: translate, so they live here).
PLAYED_TO: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any] | None], str]] = {
    "games": _mariasz_played_to,
    "game_points": _mariage_played_to,
    "target": _marianna_played_to,
    "session": _marias_played_to,
}


def played_to(game: str, options: Mapping[str, Any], state: Mapping[str, Any] | None = None) -> str:
    """What the match is played to, for the board: '131 a game, to 10 match points'; a Mariáš
    match decided by an extra round says so, with its deals (``state``: the match state)."""
    return PLAYED_TO[get_game(game).words.ending](options, state)
