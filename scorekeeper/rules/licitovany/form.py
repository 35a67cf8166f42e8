"""Deal form of licitovaný mariáš (docs/rules.md §4a): the contract first, then what it needs.

The contract is one tap on the ladder of twelve; the trump (where the contract names one that is
not hearts by definition) and the second suit (dvě sedmy) follow, then each part the contract
settles with its result and a flek level per defender, the silent part the contract allows, omyl
(a plain sedma given up), the points, renonc with its kind, and each player's premium points.
Which of these a contract shows comes from the rules' ladder (``gives``), written on each
contract's radio for static/js/deal.js: no rule lives in the template, the script or the CSS.

The form builds the API record (docs/api.md "marias, preset licitovany") with the contract's
parts in the ladder's order; what the contract does not use is left out of the record, so a
part tapped under another contract never comes back as a refusal nobody can see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField
from wtforms.validators import Optional

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
from ..marias.form import SIDES, WON, WON_GAME, _flek_field
from .contracts import CONTRACT_LABELS, CONTRACTS, HEARTS, LADDER, PART_KINDS, Contract

SILENT = ("tiche_sto", "ticha_sedma")
#: The parts' blocks in the order players say a contract ("dvě sedmy a sto", "sto a sedma").
FORM_ORDER = ("dve_sedmy", "hra", "sto", "sedma", "betl", "durch")
RENONC_KINDS = [("1", _l("paušál 10")), ("2", _l("paušál 50"))]


def _suits_asked(contract: Contract) -> list[str]:
    """The suits the form asks for: a trump to name (not hearts by definition), a second suit."""
    words = []
    if contract.trumps and not contract.hearts:
        words.append("trump")
    if contract.second_suit:
        words.append("second")
    return words


def gives(contract: Contract) -> str:
    """What the form shows for a contract, as words deal.js matches against ``data-when``:
    its parts, ``trump`` (a suit to name), ``second`` (dvě sedmy), the silent part it allows,
    ``omyl`` (a plain sedma may be given up) and ``points`` (a sto counts them)."""
    words = list(contract.parts) + _suits_asked(contract) + sorted(contract.silent)
    if contract.may_give_up:
        words.append("omyl")
    if "sto" in contract.parts:
        words.append("points")
    return " ".join(words)


def _contract_choices() -> list[tuple[str, Any]]:
    """The twelve contracts of the ladder, lowest first."""
    return [(c.name, _l(CONTRACT_LABELS[c.name])) for c in LADDER]


def _pb_fields(players: Sequence[str]) -> dict[str, IntegerField]:
    """Each player's premium points earned in the deal."""
    return {
        f"pb_{i}": IntegerField(_l("PB: %(name)s", name=name), validators=[Optional()])
        for i, name in enumerate(players)
    }


def _trump_choices(suits: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """The trumps a rung names: not hearts, which are a contract of their own (červená)."""
    return [(suit, label) for suit, label in suits if suit != HEARTS]


def _dealer_field(players: Sequence[str]) -> TapRadio:
    """Four players: the dealer sits out; three: the dealer plays too, and noting it is optional."""
    if len(players) == 4:
        return TapRadio(_l("Dealer (sits out)"), choices=seat_choices(players))
    not_noted = [("", _l("not noted"))]
    return TapRadio(_l("Dealer"), default="", choices=not_noted + seat_choices(players))


def _part_fields(options: Mapping[str, Any]) -> dict[str, Any]:
    """Each part's result and the flek level of each defender."""
    attrs: dict[str, Any] = {}
    for kind in PART_KINDS:
        attrs[f"{kind}_won"] = TapRadio(
            _l("Result"), default="1", choices=WON_GAME if kind == "hra" else WON
        )
        attrs[f"{kind}_flek"] = _flek_field(_l("Flek, first defender"), options)
        attrs[f"{kind}_flek2"] = _flek_field(_l("Flek, second defender"), options)
    return attrs


#: the record's fields whose errors show at the form field of the same name
_SAME_NAME = (
    "declarer", "dealer", "contract", "trump", "second_suit", "declarer_points",
    "defender_points", "defender_marriages", "renonc", "renonc_kind", "omyl",
)  # fmt: skip
#: where the errors of each record field show
_PATHS = {key: key for key in _SAME_NAME}
_PATHS.update(parts="contract", silent="tiche_sto", pb="pb_0")


def build(game: str, players: Sequence[str], options: Mapping[str, Any], **kwargs: Any):
    """The deal form for this match (a FlaskForm instance)."""
    suits = suit_choices(game, options.get("deck"))
    attrs: dict[str, Any] = {
        "declarer": TapRadio(_l("Declarer"), choices=seat_choices(players)),
        "contract": TapRadio(_l("Contract"), choices=_contract_choices()),
        "trump": TapRadio(_l("Trump"), choices=_trump_choices(suits)),
        "second_suit": TapRadio(_l("Second suit (the first of the two sevens)"), choices=suits),
        "tiche_sto": TapRadio(_l("Silent hundred paid to"), default="", choices=SIDES),
        "tiche_sto_points": IntegerField(_l("Silent hundred: points"), validators=[Optional()]),
        "ticha_sedma": TapRadio(_l("Silent seven paid to"), default="", choices=SIDES),
        "omyl": BooleanField(_l("Omyl: the sedma given up before play")),
        "declarer_points": IntegerField(_l("Declarer's points"), validators=[Optional()]),
        "defender_points": IntegerField(_l("Defenders' points"), validators=[Optional()]),
        "defender_marriages": IntegerField(
            _l("Defenders' announced marriages (points)"), validators=[Optional()]
        ),
        "renonc": TapRadio(
            _l("Revoke (renonc) by"),
            default="",
            choices=[("", _l("nobody"))] + seat_choices(players),
        ),
        "renonc_kind": TapRadio(_l("Renonc paušál"), default="1", choices=RENONC_KINDS),
    }
    attrs["dealer"] = _dealer_field(players)
    attrs.update(_part_fields(options))
    attrs.update(_pb_fields(players))
    attrs["order"] = HiddenField()  # an edited record's order of parts (a new one: the ladder's)
    attrs["paths"] = dict(_PATHS)
    cls = type("LicitovanyDeal", (DealFormBase,), attrs)
    form = cls(**kwargs)
    form.paths = dict(cls.paths)
    form.gives = {c.name: gives(c) for c in LADDER}
    form.part_kinds = FORM_ORDER
    form.part_labels = {kind: part_name(game, kind) for kind in PART_KINDS}
    form.n_players = len(players)
    return form


def _ordered_kinds(form: Any, contract: Contract) -> list[str]:
    """The contract's parts in an edited record's order (a new one: the ladder's)."""
    order = (form.order.data or "").split(",")
    return sorted(contract.parts, key=lambda k: order.index(k) if k in order else len(order))


def _fleks(form: Any, kind: str) -> list[int]:
    """A part's flek level for each defender, as tapped (0 when left empty)."""
    return [getattr(form, f"{kind}_flek").data or 0, getattr(form, f"{kind}_flek2").data or 0]


def _part_record(form: Any, kind: str, unplayed: bool) -> dict[str, Any]:
    """One part as tapped: its result (none for a deal given up) and both defenders' fleks."""
    won = getattr(form, f"{kind}_won").data
    flek = _fleks(form, kind)
    said = None if unplayed or won in (None, "") else won == "1"
    return {"kind": kind, "won": said, "flek": flek}


#: where the errors of a part's fields show: (the record's key, the form field after the kind)
_PART_PATHS = (("won", "won"), ("flek", "flek"), ("flek.1", "flek2"))


def _parts(form: Any, contract: Contract, unplayed: bool) -> list[dict[str, Any]]:
    """The contract's parts as tapped (no result for a deal given up: omyl)."""
    parts = []
    for i, kind in enumerate(_ordered_kinds(form, contract)):
        parts.append(_part_record(form, kind, unplayed))
        form.paths[f"parts.{i}.kind"] = "contract"
        form.paths.update({f"parts.{i}.{key}": f"{kind}_{name}" for key, name in _PART_PATHS})
    return parts


def _silent_item(form: Any, name: str, i: int) -> dict[str, Any]:
    """The i-th silent part of the record, as tapped (a silent hundred with its points)."""
    item: dict[str, Any] = {"kind": name, "side": getattr(form, name).data}
    if name == "tiche_sto" and form.tiche_sto_points.data is not None:
        item["points"] = form.tiche_sto_points.data
        form.paths[f"silent.{i}.points"] = "tiche_sto_points"
    form.paths[f"silent.{i}"] = name
    return item


def _silent(form: Any, contract: Contract) -> list[dict[str, Any]]:
    """The silent parts tapped that the contract allows."""
    silent: list[dict[str, Any]] = []
    for name in SILENT:
        if getattr(form, name).data and name in contract.silent:
            silent.append(_silent_item(form, name, len(silent)))
    return silent


def _pb(form: Any, n_players: int) -> list[int] | None:
    """Each seat's premium points; none recorded when every field is empty."""
    figures = []
    for i in range(n_players):
        figures.append(getattr(form, f"pb_{i}").data)
        form.paths[f"pb.{i}"] = f"pb_{i}"
    if all(f is None for f in figures):
        return None
    return [f or 0 for f in figures]


def _trump(form: Any, contract: Contract) -> str | None:
    """The trump: none for betl and durch, hearts for a červená contract, else as tapped."""
    if not contract.trumps:
        return None
    return "hearts" if contract.hearts else (form.trump.data or None)


def _second_suit(form: Any, contract: Contract) -> str | None:
    """The second suit, for dvě sedmy only."""
    return (form.second_suit.data or None) if contract.second_suit else None


def _contract_fields(form: Any, contract: Contract) -> dict[str, Any]:
    """The record's fields that follow from the contract: omyl, suits, parts, silent parts."""
    omyl = bool(form.omyl.data) and contract.may_give_up
    fields: dict[str, Any] = {
        "omyl": omyl,
        "trump": _trump(form, contract),
        "second_suit": _second_suit(form, contract),
        "parts": _parts(form, contract, omyl),
        "silent": _silent(form, contract),
    }
    if "sto" in contract.parts and form.defender_marriages.data is not None:
        fields["defender_marriages"] = form.defender_marriages.data
    return fields


def to_record(form: Any, players: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    """The API record the form describes; also points ``form.paths`` at this record's parts."""
    name = form.contract.data or None
    contract = CONTRACTS.get(name or "")
    renonc = to_int(form.renonc.data)
    record: dict[str, Any] = {
        "declarer": to_int(form.declarer.data),
        "dealer": to_int(form.dealer.data),
        "contract": name,
        "trump": None,
        "second_suit": None,
        "parts": [],
        "declarer_points": form.declarer_points.data,
        "defender_points": form.defender_points.data,
        "silent": [],
        "renonc": renonc,
        "renonc_kind": to_int(form.renonc_kind.data) if renonc is not None else None,
        "omyl": False,
        "pb": _pb(form, len(players)),
    }
    if contract is not None:  # else the rules say the contract is missing (or unknown), beside it
        record.update(_contract_fields(form, contract))
    return record


def _parts_data(parts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The record's parts as form data: their order, and each one's result and fleks."""
    data: dict[str, Any] = {"order": ",".join(str(p.get("kind")) for p in parts)}
    for part in parts:
        data.update(_part_data(part))
    return data


def _silent_data(items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The record's silent parts as form data: the side each is paid to, a hundred's points."""
    data: dict[str, Any] = {}
    for item in items:
        if item.get("kind") in SILENT:
            data[item["kind"]] = to_text(item.get("side"))
            data.setdefault("tiche_sto_points", item.get("points"))
    return data


def _shown_trump(record: Mapping[str, Any]) -> str:
    """The trump to tap: the one the contract names (a červená one is hearts, not tapped)."""
    contract = CONTRACTS.get(str(record.get("contract")))
    if contract is None or contract.hearts:
        return ""
    return to_text(record.get("trump"))


def _pb_data(record: Mapping[str, Any]) -> dict[str, Any]:
    """Each seat's premium points as form data (a 0 stays 0: the record's list stays a list)."""
    return {f"pb_{i}": figure for i, figure in enumerate(record.get("pb") or [])}


def from_record(record: Mapping[str, Any], players: Sequence[str], options: Mapping[str, Any]):
    """Form data (a dict for ``data=``) that shows ``record`` in the form."""
    get = record.get
    data: dict[str, Any] = {
        "declarer": to_text(get("declarer")),
        "dealer": to_text(get("dealer")),
        "contract": to_text(get("contract")),
        "trump": _shown_trump(record),
        "second_suit": to_text(get("second_suit")),
        "declarer_points": get("declarer_points"),
        "defender_points": get("defender_points"),
        "defender_marriages": get("defender_marriages"),
        "renonc": to_text(get("renonc")),
        "renonc_kind": to_text(get("renonc_kind") or 1),
        "omyl": bool(get("omyl")),
        "tiche_sto": "",
        "ticha_sedma": "",
        **_pb_data(record),
    }
    data.update(_parts_data(get("parts") or []))
    data.update(_silent_data(get("silent") or []))
    return data


def _part_data(part: Mapping[str, Any]) -> dict[str, Any]:
    """A part's result and both defenders' fleks as form data."""
    kind, won = part.get("kind"), part.get("won")
    flek = [*list(part.get("flek") or []), 0, 0]
    return {
        f"{kind}_won": "" if won is None else str(int(won)),
        f"{kind}_flek": flek[0],
        f"{kind}_flek2": flek[1],
    }


def _part_said(game: str, part: Mapping[str, Any]) -> str:
    """One part: 'sedma ✗ flek/re' (each defender's flek, where either flekked)."""
    mark = {True: " ✓", False: " ✗"}.get(part.get("won"), "")
    levels = list(part.get("flek") or [])
    fleks = " " + "/".join(flek_name(game, x) for x in levels) if any(levels) else ""
    return f"{part_name(game, part['kind'])}{mark}{fleks}"


def _points_said(record: Mapping[str, Any]) -> list[str]:
    """The points as 'declarer:defenders', when they were counted."""
    if record.get("declarer_points") is None:
        return []
    return [f"{record['declarer_points']}:{record.get('defender_points')}"]


def _silent_said(game: str, record: Mapping[str, Any]) -> list[str]:
    """Each silent part with whom it is paid to: 'tichá sedma → obránci'."""
    silent = record.get("silent") or []
    return [f"{part_name(game, item['kind'])} → {_l(item['side'])}" for item in silent]


def _played_said(game: str, record: Mapping[str, Any]) -> list[str]:
    """A deal played out: its parts, the silent parts with whom they are paid to, the points."""
    bits = [_part_said(game, part) for part in record.get("parts") or []]
    return bits + _silent_said(game, record) + _points_said(record)


def _play_said(game: str, record: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """What happened: omyl, a renonc, or the parts, silent parts and points."""
    if record.get("omyl"):
        return [str(_l("omyl"))]
    if record.get("renonc") is not None:
        return [str(_l("renonc by %(name)s", name=players[record["renonc"]]))]
    return _played_said(game, record)


def _suits_said(game: str, record: Mapping[str, Any], deck: str | None) -> list[str]:
    """The trump a contract names (a červená contract says hearts itself) and a second suit."""
    bits = []
    if record.get("trump") and record["trump"] != HEARTS:
        bits.append(suit_label(game, record["trump"], deck))
    if record.get("second_suit"):
        bits.append("+ " + suit_label(game, record["second_suit"], deck))
    return bits


def _pb_said(record: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """'PB Ota 3' for each player who earned premium points in the deal."""
    pb = record.get("pb") or []
    return [str(_l("PB %(name)s %(n)s", name=players[i], n=n)) for i, n in enumerate(pb) if n]


def summarize(
    game: str, record: Mapping[str, Any], players: Sequence[str], deck: str | None = None
) -> str:
    """'Jana · sto a sedma · žaludy ♣ · sto ✓ · sedma ✗ flek/bez fleku · PB Ota 3'."""
    bits = [players[record["declarer"]], str(_l(CONTRACT_LABELS[record["contract"]]))]
    bits += _suits_said(game, record, deck)
    bits += _play_said(game, record, players) + _pb_said(record, players)
    return " · ".join(str(b) for b in bits)
