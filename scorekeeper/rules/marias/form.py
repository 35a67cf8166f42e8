"""Deal form of Czech Mariáš: declarer, trump (or betl/durch), parts with won and flek.

The common deal (hra won, no flek) is three taps on the match page: the declarer, the trump,
Save — the game part ``hra`` and ``won`` are preselected. The form builds the API record
(docs/api.md "Deal records", marias) with the parts in a fixed order: the game part, the seven part,
the defenders' seven; that order is how ``parts.<i>`` error paths find their fields again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def to_record(form: Any, players: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    """The API record the form describes; also points ``form.paths`` at this record's parts."""
    contract = form.trump.data or None
    kind = contract if contract in NO_TRUMP else (form.game.data or "hra")
    chosen = [
        ("game", kind),
        ("seven", form.seven.data or None),
        ("sp", _proti_seven(form.sp.data)),
    ]
    order = (form.order.data or "").split(",")

    def position(key: str) -> int:
        # Keep the order a stored record had (edit form); new deals use the fixed order.
        return order.index(key) if key in order else len(order)

    chosen = sorted((c for c in chosen if c[1]), key=lambda c: position(c[0]))
    parts = []
    for i, (prefix, part_kind) in enumerate(chosen):
        won_field = "proti_won" if part_kind == "sto_proti" else f"{prefix}_won"
        won = getattr(form, won_field).data
        parts.append(
            {
                "kind": part_kind,
                "won": None if won in (None, "") else won == "1",
                "flek": _flek(form, prefix, options),
            }
        )
        form.paths.update(
            {
                f"parts.{i}": prefix,
                f"parts.{i}.kind": prefix,
                f"parts.{i}.won": won_field,
                f"parts.{i}.flek": f"{prefix}_flek",
            }
        )
    silent = []
    for name in sorted(("ticha_sedma", "tiche_sto"), key=position):
        side = getattr(form, name).data
        if side:
            item: dict[str, Any] = {"kind": name, "side": side}
            if name == "tiche_sto" and form.tiche_sto_points.data is not None:
                item["points"] = form.tiche_sto_points.data
            form.paths[f"silent.{len(silent)}"] = name
            silent.append(item)
    record: dict[str, Any] = {
        "declarer": to_int(form.declarer.data),
        "dealer": to_int(form.dealer.data),
        "trump": None if contract in NO_TRUMP else contract,
        "parts": parts,
        "declarer_points": form.declarer_points.data,
        "defender_points": form.defender_points.data,
        "silent": silent,
        "renonc": to_int(form.renonc.data),
    }
    if form.open.data:
        record["open"] = True
    return record


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
    order = []
    for part in record.get("parts") or []:
        kind = part.get("kind")
        if kind in NO_TRUMP:
            data["trump"], prefix = kind, "game"
        elif kind in GAME_PARTS:
            data["game"], prefix = kind, "game"
        elif kind in SEVENS:
            data["seven"], prefix = kind, "seven"
        elif kind in PROTI_SEVENS:
            data["sp"], prefix = kind, "sp"
        else:
            continue
        order.append(prefix)
        won = part.get("won")
        said = "" if won is None else ("1" if won else "0")
        data["proti_won" if kind == "sto_proti" else f"{prefix}_won"] = said
        flek = part.get("flek", 0)
        if isinstance(flek, list | tuple):
            data[f"{prefix}_flek"], data[f"{prefix}_flek2"] = (list(flek) + [0, 0])[:2]
        else:
            data[f"{prefix}_flek"] = flek
    for item in record.get("silent") or []:
        if item.get("kind") in ("ticha_sedma", "tiche_sto"):
            order.append(item["kind"])
            data[item["kind"]] = item.get("side") or ""
            if item["kind"] == "tiche_sto":
                data["tiche_sto_points"] = item.get("points")
    data["order"] = ",".join(order)
    return data


def _proti_seven(value: Any) -> str | None:
    """The defenders' seven tapped; "y" is the sedma proti toggle of pages before rules v2.1
    (a deal queued on a phone may still carry it)."""
    if value == "y":
        return "sedma_proti"
    return value if value in PROTI_SEVENS else None


def _part_said(game: str, part: Mapping[str, Any], dp: Any, fp: Any) -> str:
    """One part of a deal: 'hra ✓', 'sto proti made', 'sedma ✗ re'."""
    won = part_won(part["kind"], part.get("won"), dp, fp)  # the rules decide, not the page
    mark = {True: " ✓", False: " ✗"}.get(won, "")
    if part["kind"] == "sto_proti" and won is not None:  # the defenders' result, in words
        mark = " " + str(_l("made") if won else _l("failed"))
    flek = part.get("flek") or 0
    levels = flek if isinstance(flek, list) else [flek]
    extra = " " + "/".join(flek_name(game, x) for x in levels) if any(levels) else ""
    return f"{part_name(game, part['kind'])}{mark}{extra}"


def summarize(
    game: str, record: Mapping[str, Any], players: Sequence[str], deck: str | None = None
) -> str:
    """'Jana · červené ♥ · hra ✓ · sedma ✗ re' — what the table reported."""
    if record.get("renonc") is not None:
        return str(_l("renonc by %(name)s", name=players[record["renonc"]]))
    bits = [players[record["declarer"]]]
    if record.get("trump"):
        bits.append(suit_label(game, record["trump"], deck))
    dp, fp = record.get("declarer_points"), record.get("defender_points")
    bits += [_part_said(game, part, dp, fp) for part in record.get("parts") or []]
    for item in record.get("silent") or []:
        bits.append(f"{part_name(game, item['kind'])} → {_l(item['side'])}")
    if record.get("open"):
        bits.append(str(_l("open cards")))
    if dp is not None:
        bits.append(f"{dp}:{fp}")
    return " · ".join(str(b) for b in bits)
