"""Deal form of Czech Mariáš: declarer, trump (or betl/durch), parts with won and flek.

The common deal (hra won, no flek) is three taps on the match page: the declarer, the trump,
Save — the game part ``hra`` and ``won`` are preselected. The form builds the API record
(docs/api.md "Deal records", marias) with the parts in a fixed order: the game part, the seven part,
the defenders' seven; that order is how ``parts.<i>`` error paths find their fields again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField
from wtforms.validators import NumberRange, Optional

from ...web.forms.common import (
    DealFormBase,
    TapRadio,
    flek_name,
    part_name,
    seat_choices,
    suit_choices,
    suit_label,
    to_int,
    to_text,
)
from ...web.forms.numbers import IntegerField
from ..registry import get_game
from .record import GAME_KINDS, NO_TRUMP_GAMES, SEVEN_KINDS, part_won

NO_TRUMP = NO_TRUMP_GAMES  # betl and durch name no trump and have no game kind of their own
GAME_PARTS = tuple(kind for kind in GAME_KINDS if kind not in NO_TRUMP)  # hra, sto, sto proti
SEVENS = tuple(kind for kind in SEVEN_KINDS if not kind.endswith("_proti"))
# the defenders' sevens (docs/rules.md §4; dvě sedmy proti since rules v2.1)
PROTI_SEVENS = tuple(kind for kind in SEVEN_KINDS if kind.endswith("_proti"))
# Part prefixes in record order; "game" carries hra/sto/sto_proti/betl/durch.
PREFIXES = ("game", "seven", "sp")
WON = [("1", _l("won")), ("0", _l("lost"))]
# sto proti is the defenders' hundred: "won" would read as the declarer's, so the control names
# the defenders' result, and nothing is preselected (a default could invert the score).
PROTI = [("1", _l("made")), ("0", _l("failed"))]
# hra alone may be left to the recorded points (docs/api.md: "decide hra when its won is left out").
WON_GAME = [*WON, ("", _l("by the points"))]
SIDES = [("", _l("nobody")), ("declarer", _l("declarer")), ("defenders", _l("defenders"))]
_MARKS = {True: " ✓", False: " ✗"}  # a part's result after its name in the summary
SILENT_FIELDS = ("ticha_sedma", "tiche_sto")  # the silent items' choices, named as their kinds
# The choice field that shows each kind of part, and the prefix of its result and flek fields.
_PART_FIELDS = (
    (NO_TRUMP, "trump", "game"),
    (GAME_PARTS, "game", "game"),
    (SEVENS, "seven", "seven"),
    (PROTI_SEVENS, "sp", "sp"),
)


def gives() -> dict[str, dict[str, str]]:
    """What a tapped choice brings on the form, by field and choice: the words static/js/deal.js
    matches against a block's ``data-when`` (shown while a choice gives one of its words) and
    ``data-unless`` (hidden while one does). Betl and durch name no trump, so the game kind goes;
    sto proti is the defenders' hundred, so their result replaces the declarer's; a seven tapped
    shows its part. The knowledge is the rules' lists, written here once for the page."""
    return {
        "trump": dict.fromkeys(NO_TRUMP, "no_trump"),
        "game": {"sto_proti": "sto_proti"},
        "seven": dict.fromkeys(SEVENS, "seven"),
        "sp": dict.fromkeys(PROTI_SEVENS, "sp"),
    }


def _flek_field(label: Any, options: Mapping[str, Any]) -> IntegerField:
    top = options.get("flek_max")
    return IntegerField(label, default=0, validators=[Optional(), NumberRange(0, top)])


def build(game: str, players: Sequence[str], options: Mapping[str, Any], **kwargs: Any):
    """The deal form for this match (a FlaskForm instance)."""
    names = get_game(game).form.part_names  # written once, in the rules; translated here

    def parts(*kinds: str) -> list[tuple[str, Any]]:
        return [(kind, _l(names[kind])) for kind in kinds]

    contract = suit_choices(game, options.get("deck")) + parts(*NO_TRUMP)
    attrs: dict[str, Any] = {
        "declarer": TapRadio(_l("Declarer"), choices=seat_choices(players)),
        "trump": TapRadio(_l("Trump"), choices=contract),
        "game": TapRadio(
            _l("Game"),
            default="hra",
            choices=parts(*GAME_PARTS),
        ),
        "seven": TapRadio(
            _l("Seven"),
            default="",
            choices=[("", _l("none")), *parts(*SEVENS)],
        ),
        "sp": TapRadio(
            _l("Defenders' seven"),
            default="",
            choices=[("", _l("none")), *parts(*PROTI_SEVENS)],
        ),
        "proti_won": TapRadio(_l("Defenders' hundred"), default="", choices=PROTI),
        "open": BooleanField(_l("Open cards (every part doubled)")),
        "ticha_sedma": TapRadio(_l("Silent seven paid to"), default="", choices=SIDES),
        "tiche_sto": TapRadio(_l("Silent hundred paid to"), default="", choices=SIDES),
        "tiche_sto_points": IntegerField(_l("Silent hundred: points"), validators=[Optional()]),
        "declarer_points": IntegerField(_l("Declarer's points"), validators=[Optional()]),
        "defender_points": IntegerField(_l("Defenders' points"), validators=[Optional()]),
        "renonc": TapRadio(
            _l("Revoke (renonc) by"),
            default="",
            choices=[("", _l("nobody"))] + seat_choices(players),
        ),
    }
    if len(players) == 4:
        attrs["dealer"] = TapRadio(_l("Dealer (sits out)"), choices=seat_choices(players))
    else:  # three players: the dealer plays too; recording it is optional
        attrs["dealer"] = TapRadio(
            _l("Dealer"), default="", choices=[("", _l("not noted"))] + seat_choices(players)
        )
    attrs["order"] = HiddenField()
    for prefix in PREFIXES:
        choices = WON_GAME if prefix == "game" else WON
        attrs[f"{prefix}_won"] = TapRadio(_l("Result"), default="1", choices=choices)
        attrs[f"{prefix}_flek"] = _flek_field(_l("Flek"), options)
        if options.get("flek_per_defender"):
            attrs[f"{prefix}_flek2"] = _flek_field(_l("Flek, second defender"), options)
    attrs["paths"] = {
        "declarer": "declarer",
        "dealer": "dealer",
        "trump": "trump",
        "parts": "game",
        "declarer_points": "declarer_points",
        "defender_points": "defender_points",
        "renonc": "renonc",
        "silent": "ticha_sedma",
    }
    cls = type("MariasDeal", (DealFormBase,), attrs)
    form = cls(**kwargs)
    form.paths = dict(cls.paths)
    form.gives = gives()
    return form


def _flek(form: Any, prefix: str, options: Mapping[str, Any]) -> Any:
    level = getattr(form, f"{prefix}_flek").data or 0
    if options.get("flek_per_defender"):
        return [level, getattr(form, f"{prefix}_flek2").data or 0]
    return level


def _keeps_order(form: Any) -> Callable[[str], int]:
    """Sort key of parts and silent items: the order a stored record had (edit form); new deals
    use the fixed order."""
    order = (form.order.data or "").split(",")

    def position(key: str) -> int:
        return order.index(key) if key in order else len(order)

    return position


def _game_kind(form: Any, contract: str | None) -> str:
    """The game part's kind: betl or durch, tapped in place of a trump, or the game tapped."""
    if contract in NO_TRUMP:
        return contract
    return form.game.data or "hra"


def _chosen_parts(
    form: Any, contract: str | None, position: Callable[[str], int]
) -> list[tuple[str, str]]:
    """The (prefix, kind) of each part tapped, in record order."""
    chosen = [
        ("game", _game_kind(form, contract)),
        ("seven", form.seven.data or None),
        ("sp", _proti_seven(form.sp.data)),
    ]
    return sorted((c for c in chosen if c[1]), key=lambda c: position(c[0]))


def _won_read(value: Any) -> bool | None:
    """A result control's value as the record's ``won`` (None: left to the points)."""
    if value in (None, ""):
        return None
    return value == "1"


def _part_to_record(
    form: Any, i: int, prefix: str, kind: str, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The record's ``parts.<i>``; points ``form.paths`` at the fields it came from."""
    won_field = "proti_won" if kind == "sto_proti" else f"{prefix}_won"
    form.paths.update(
        {
            f"parts.{i}": prefix,
            f"parts.{i}.kind": prefix,
            f"parts.{i}.won": won_field,
            f"parts.{i}.flek": f"{prefix}_flek",
        }
    )
    return {
        "kind": kind,
        "won": _won_read(getattr(form, won_field).data),
        "flek": _flek(form, prefix, options),
    }


def _silent_to_record(form: Any, position: Callable[[str], int]) -> list[dict[str, Any]]:
    """The silent seven and hundred paid, in record order; points ``form.paths`` at them."""
    silent = []
    for name in sorted(SILENT_FIELDS, key=position):
        side = getattr(form, name).data
        if side:
            item: dict[str, Any] = {"kind": name, "side": side}
            if name == "tiche_sto" and form.tiche_sto_points.data is not None:
                item["points"] = form.tiche_sto_points.data
            form.paths[f"silent.{len(silent)}"] = name
            silent.append(item)
    return silent


def to_record(form: Any, players: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    """The API record the form describes; also points ``form.paths`` at this record's parts."""
    contract = form.trump.data or None
    position = _keeps_order(form)
    chosen = _chosen_parts(form, contract, position)
    parts = [
        _part_to_record(form, i, prefix, kind, options) for i, (prefix, kind) in enumerate(chosen)
    ]
    record: dict[str, Any] = {
        "declarer": to_int(form.declarer.data),
        "dealer": to_int(form.dealer.data),
        "trump": None if contract in NO_TRUMP else contract,
        "parts": parts,
        "declarer_points": form.declarer_points.data,
        "defender_points": form.defender_points.data,
        "silent": _silent_to_record(form, position),
        "renonc": to_int(form.renonc.data),
    }
    if form.open.data:
        record["open"] = True
    return record


def _part_field(kind: Any) -> tuple[str, str] | None:
    """The choice field that shows a part of this kind, and the prefix of its result and flek
    fields (None: not a part this form knows)."""
    for kinds, field, prefix in _PART_FIELDS:
        if kind in kinds:
            return field, prefix
    return None


def _won_said(won: bool | None) -> str:
    """A part's ``won`` as the value of its result control."""
    if won is None:
        return ""
    return "1" if won else "0"


def _flek_data(prefix: str, flek: Any) -> dict[str, Any]:
    """The flek fields of a part (one level, or one per defender)."""
    if isinstance(flek, list | tuple):
        first, second = (list(flek) + [0, 0])[:2]
        return {f"{prefix}_flek": first, f"{prefix}_flek2": second}
    return {f"{prefix}_flek": flek}


def _show_parts(data: dict[str, Any], parts: Sequence[Mapping[str, Any]]) -> list[str]:
    """Puts the parts into the form data; the prefixes shown, in record order (a kind this form
    does not know is left out)."""
    shown = []
    for part in parts:
        kind = part.get("kind")
        found = _part_field(kind)
        if found:
            field, prefix = found
            data[field] = kind
            won_field = "proti_won" if kind == "sto_proti" else f"{prefix}_won"
            data[won_field] = _won_said(part.get("won"))
            data.update(_flek_data(prefix, part.get("flek", 0)))
            shown.append(prefix)
    return shown


def _show_silent(data: dict[str, Any], items: Sequence[Mapping[str, Any]]) -> list[str]:
    """Puts the silent items into the form data; the kinds shown, in record order."""
    shown = []
    for item in items:
        kind = item.get("kind")
        if kind in SILENT_FIELDS:
            data[kind] = item.get("side") or ""
            if kind == "tiche_sto":
                data["tiche_sto_points"] = item.get("points")
            shown.append(kind)
    return shown


def from_record(record: Mapping[str, Any], players: Sequence[str], options: Mapping[str, Any]):
    """Form data (a dict for ``data=``) that shows ``record`` in the form."""
    data: dict[str, Any] = {
        "declarer": to_text(record.get("declarer")),
        "dealer": to_text(record.get("dealer")),
        "trump": record.get("trump") or "",
        "game": "hra",
        "seven": "",
        "sp": "",
        "declarer_points": record.get("declarer_points"),
        "defender_points": record.get("defender_points"),
        "renonc": to_text(record.get("renonc")),
        "ticha_sedma": "",
        "tiche_sto": "",
        "proti_won": "",
        "open": bool(record.get("open")),
    }
    shown = _show_parts(data, record.get("parts") or [])
    shown += _show_silent(data, record.get("silent") or [])
    data["order"] = ",".join(shown)
    return data


def _proti_seven(value: Any) -> str | None:
    """The defenders' seven tapped; "y" is the sedma proti toggle of pages before rules v2.1
    (a deal queued on a phone may still carry it)."""
    if value == "y":
        return "sedma_proti"
    return value if value in PROTI_SEVENS else None


def _won_mark(kind: str, won: bool | None) -> str:
    """' ✓' or ' ✗' after a part; the defenders' hundred says 'made' or 'failed'."""
    if won is None:
        return ""
    if kind == "sto_proti":  # the defenders' result, in words
        return " " + str(_l("made") if won else _l("failed"))
    return _MARKS.get(won, "")


def _flek_said(game: str, flek: int | list[int]) -> str:
    """' re', ' flek/re' (one level per defender), or nothing without a flek."""
    levels = flek if isinstance(flek, list) else [flek]
    if not any(levels):
        return ""
    return " " + "/".join(flek_name(game, x) for x in levels)


def _part_said(game: str, part: Mapping[str, Any], dp: Any, fp: Any) -> str:
    """One part of a deal: 'hra ✓', 'sto proti made', 'sedma ✗ re'."""
    won = part_won(part["kind"], part.get("won"), dp, fp)  # the rules decide, not the page
    mark = _won_mark(part["kind"], won)
    extra = _flek_said(game, part.get("flek") or 0)
    return f"{part_name(game, part['kind'])}{mark}{extra}"


def _parts_said(game: str, record: Mapping[str, Any]) -> list[str]:
    """Each part of the deal, said as ``_part_said`` says it."""
    dp, fp = record.get("declarer_points"), record.get("defender_points")
    return [_part_said(game, part, dp, fp) for part in record.get("parts") or []]


def _table_notes(game: str, record: Mapping[str, Any]) -> list[str]:
    """The silent items paid, open cards and the points, as the summary ends."""
    notes = [f"{part_name(game, s['kind'])} → {_l(s['side'])}" for s in record.get("silent") or []]
    if record.get("open"):
        notes.append(str(_l("open cards")))
    if record.get("declarer_points") is not None:
        notes.append(f"{record['declarer_points']}:{record.get('defender_points')}")
    return notes


def summarize(
    game: str, record: Mapping[str, Any], players: Sequence[str], deck: str | None = None
) -> str:
    """'Jana · červené ♥ · hra ✓ · sedma ✗ re' — what the table reported."""
    if record.get("renonc") is not None:
        return str(_l("renonc by %(name)s", name=players[record["renonc"]]))
    bits = [players[record["declarer"]]]
    if record.get("trump"):
        bits.append(suit_label(game, record["trump"], deck))
    bits += _parts_said(game, record)
    bits += _table_notes(game, record)
    return " · ".join(str(b) for b in bits)
