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
from .contracts import (
    CONTRACT_LABELS,
    CONTRACTS,
    HEARTS,
    LADDER,
    PART_KINDS,
    Contract,
)

SILENT = ("tiche_sto", "ticha_sedma")
#: The parts' blocks in the order players say a contract ("dvě sedmy a sto", "sto a sedma").
FORM_ORDER = ("dve_sedmy", "hra", "sto", "sedma", "betl", "durch")
RENONC_KINDS = [("1", _l("paušál 10")), ("2", _l("paušál 50"))]


def gives(contract: Contract) -> str:
    """What the form shows for a contract, as words deal.js matches against ``data-when``:
    its parts, ``trump`` (a suit to name), ``second`` (dvě sedmy), the silent part it allows,
    ``omyl`` (a plain sedma may be given up) and ``points`` (a sto counts them)."""
    words = list(contract.parts)
    if contract.trumps and not contract.hearts:
        words.append("trump")
    if contract.second_suit:
        words.append("second")
    words += sorted(contract.silent)
    if contract.may_give_up:
        words.append("omyl")
    if "sto" in contract.parts:
        words.append("points")
    return " ".join(words)


def build(game: str, players: Sequence[str], options: Mapping[str, Any], **kwargs: Any):
    """The deal form for this match (a FlaskForm instance)."""
    suits = suit_choices(game, options.get("deck"))
    # hearts are a contract of their own (červená): the trump of any other rung is not hearts
    trumps = [(suit, label) for suit, label in suits if suit != HEARTS]
    attrs: dict[str, Any] = {
        "declarer": TapRadio(_l("Declarer"), choices=seat_choices(players)),
        "contract": TapRadio(
            _l("Contract"), choices=[(c.name, _l(CONTRACT_LABELS[c.name])) for c in LADDER]
        ),
        "trump": TapRadio(_l("Trump"), choices=trumps),
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
    if len(players) == 4:
        attrs["dealer"] = TapRadio(_l("Dealer (sits out)"), choices=seat_choices(players))
    else:  # three players: the dealer plays too; recording it is optional
        attrs["dealer"] = TapRadio(
            _l("Dealer"), default="", choices=[("", _l("not noted"))] + seat_choices(players)
        )
    for kind in PART_KINDS:
        attrs[f"{kind}_won"] = TapRadio(
            _l("Result"), default="1", choices=WON_GAME if kind == "hra" else WON
        )
        attrs[f"{kind}_flek"] = _flek_field(_l("Flek, first defender"), options)
        attrs[f"{kind}_flek2"] = _flek_field(_l("Flek, second defender"), options)
    for i, name in enumerate(players):
        attrs[f"pb_{i}"] = IntegerField(_l("PB: %(name)s", name=name), validators=[Optional()])
    attrs["order"] = HiddenField()  # an edited record's order of parts (a new one: the ladder's)
    paths = {
        key: key
        for key in (
            "declarer",
            "dealer",
            "contract",
            "trump",
            "second_suit",
            "declarer_points",
            "defender_points",
            "defender_marriages",
            "renonc",
            "renonc_kind",
            "omyl",
        )
    }
    attrs["paths"] = {**paths, "parts": "contract", "silent": "tiche_sto", "pb": "pb_0"}
    cls = type("LicitovanyDeal", (DealFormBase,), attrs)
    form = cls(**kwargs)
    form.paths = dict(cls.paths)
    form.gives = {c.name: gives(c) for c in LADDER}
    form.part_kinds = FORM_ORDER
    form.part_labels = {kind: part_name(game, kind) for kind in PART_KINDS}
    form.n_players = len(players)
    return form


def _parts(form: Any, contract: Contract, unplayed: bool) -> list[dict[str, Any]]:
    """The contract's parts as tapped (no result for a deal given up: omyl)."""
    order = (form.order.data or "").split(",")
    kinds = sorted(contract.parts, key=lambda k: order.index(k) if k in order else len(order))
    parts = []
    for i, kind in enumerate(kinds):
        won = getattr(form, f"{kind}_won").data
        flek = [getattr(form, f"{kind}_flek").data or 0, getattr(form, f"{kind}_flek2").data or 0]
        said = None if unplayed or won in (None, "") else won == "1"
        parts.append({"kind": kind, "won": said, "flek": flek})
        form.paths.update(
            {
                f"parts.{i}.kind": "contract",
                f"parts.{i}.won": f"{kind}_won",
                f"parts.{i}.flek": f"{kind}_flek",
                f"parts.{i}.flek.1": f"{kind}_flek2",
            }
        )
    return parts


def _silent(form: Any, contract: Contract) -> list[dict[str, Any]]:
    silent = []
    for name in SILENT:
        side = getattr(form, name).data
        if side and name in contract.silent:
            item: dict[str, Any] = {"kind": name, "side": side}
            if name == "tiche_sto" and form.tiche_sto_points.data is not None:
                item["points"] = form.tiche_sto_points.data
                form.paths[f"silent.{len(silent)}.points"] = "tiche_sto_points"
            form.paths[f"silent.{len(silent)}"] = name
            silent.append(item)
    return silent


def _pb(form: Any, n_players: int) -> list[int] | None:
    """Each seat's premium points; none recorded when every field is empty."""
    figures = [getattr(form, f"pb_{i}").data for i in range(n_players)]
    for i in range(n_players):
        form.paths[f"pb.{i}"] = f"pb_{i}"
    return None if all(f is None for f in figures) else [f or 0 for f in figures]


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
    if contract is None:
        return record  # the rules say the contract is missing (or unknown), beside it
    omyl = bool(form.omyl.data) and contract.may_give_up
    record["omyl"] = omyl
    if contract.trumps:
        record["trump"] = "hearts" if contract.hearts else (form.trump.data or None)
    if contract.second_suit:
        record["second_suit"] = form.second_suit.data or None
    record["parts"] = _parts(form, contract, omyl)
    record["silent"] = _silent(form, contract)
    if "sto" in contract.parts and form.defender_marriages.data is not None:
        record["defender_marriages"] = form.defender_marriages.data
    return record


def from_record(record: Mapping[str, Any], players: Sequence[str], options: Mapping[str, Any]):
    """Form data (a dict for ``data=``) that shows ``record`` in the form."""
    get = record.get
    contract = CONTRACTS.get(str(get("contract")))
    named_trump = contract is not None and not contract.hearts  # a červená one is hearts
    data: dict[str, Any] = {
        "declarer": to_text(get("declarer")),
        "dealer": to_text(get("dealer")),
        "contract": to_text(get("contract")),
        "trump": to_text(get("trump")) if named_trump else "",
        "second_suit": to_text(get("second_suit")),
        "declarer_points": get("declarer_points"),
        "defender_points": get("defender_points"),
        "defender_marriages": get("defender_marriages"),
        "renonc": to_text(get("renonc")),
        "renonc_kind": to_text(get("renonc_kind") or 1),
        "omyl": bool(get("omyl")),
        "tiche_sto": "",
        "ticha_sedma": "",
        # a 0 stays 0: the record's list of premium points stays a list
        **{f"pb_{i}": figure for i, figure in enumerate(get("pb") or [])},
    }
    parts = get("parts") or []
    data["order"] = ",".join(str(p.get("kind")) for p in parts)
    for part in parts:
        data.update(_part_data(part))
    for item in get("silent") or []:
        if item.get("kind") in SILENT:
            data[item["kind"]] = to_text(item.get("side"))
            data.setdefault("tiche_sto_points", item.get("points"))
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


def _play_said(game: str, record: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """What happened: omyl, a renonc, or the parts, silent parts and points."""
    if record.get("omyl"):
        return [str(_l("omyl"))]
    if record.get("renonc") is not None:
        return [str(_l("renonc by %(name)s", name=players[record["renonc"]]))]
    bits = [_part_said(game, part) for part in record.get("parts") or []]
    for item in record.get("silent") or []:
        bits.append(f"{part_name(game, item['kind'])} → {_l(item['side'])}")
    if record.get("declarer_points") is not None:
        bits.append(f"{record['declarer_points']}:{record.get('defender_points')}")
    return bits


def summarize(
    game: str, record: Mapping[str, Any], players: Sequence[str], deck: str | None = None
) -> str:
    """'Jana · sto a sedma · žaludy ♣ · sto ✓ · sedma ✗ flek/bez fleku · PB Ota 3'."""
    bits = [players[record["declarer"]], str(_l(CONTRACT_LABELS[record["contract"]]))]
    if record.get("trump") and record["trump"] != HEARTS:  # a červená contract says hearts
        bits.append(suit_label(game, record["trump"], deck))
    if record.get("second_suit"):
        bits.append("+ " + suit_label(game, record["second_suit"], deck))
    bits += _play_said(game, record, players)
    pb = record.get("pb") or []
    bits += [str(_l("PB %(name)s %(n)s", name=players[i], n=n)) for i, n in enumerate(pb) if n]
    return " · ".join(str(b) for b in bits)
