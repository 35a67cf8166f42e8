"""What version 2 of the Mariáš rules refuses in a deal record that version 1 accepted.

docs/rules.md §4 and §5 (v2): a hundred counts the cards and the trump marriage only, so a ``sto``
(or ``sto_proti``, or a silent hundred's own points) above 130 is impossible; ``won`` must agree
with the points either way for ``hra``, ``sto`` and ``sto_proti`` (version 1 checked only a
hundred marked won). These checks do not raise: ``marias.score`` lists them in the deal's
``refusals`` (``base.REFUSALS``), so a record stored before version 2 still opens and scores as
recorded, while a deal being added or edited is refused with them (``base.refuse_new``).

Version 2.1 adds one more the same way: a failed ``sto`` under ``sto_failure: per_ten_short``
pays per 10 points short of 100, so it needs the declarer's points (docs/rules.md §4).
"""

from __future__ import annotations

from ..base import FieldError
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .options import MariasOptions
from .record import MariasRecord

HUNDRED_MAX = 130  # 90 card points + the trump marriage (40)


def refusals(record: MariasRecord, options: MariasOptions) -> list[FieldError]:
    """Every v2 (and v2.1) rule this record breaks, each naming its field; empty when fine."""
    if record.renonc is not None:
        return []
    return _part_refusals(record, options) + _silent_refusals(record)


def _part_refusals(record: MariasRecord, options: MariasOptions) -> list[FieldError]:
    """What the v2 rules refuse in the record's hundreds."""
    errors: list[FieldError] = []
    for i, part in enumerate(record.parts):
        if part.kind == "sto":
            errors += _sto(record, part.won, f"parts.{i}.won", options)
        elif part.kind == "sto_proti":
            errors += _sto_proti(record, part.won, f"parts.{i}.won")
    return errors


def _silent_refusals(record: MariasRecord) -> list[FieldError]:
    """A silent hundred's own points at most 130."""
    return [
        FieldError(
            f"silent.{i}.points",
            Msg("marias.silent_hundred_over", max=HUNDRED_MAX, n=silent.points),
        )
        for i, silent in enumerate(record.silent)
        if silent.kind == "tiche_sto" and silent.points is not None and silent.points > HUNDRED_MAX
    ]


def _hundred_points(
    points: int, won: bool | None, field: str, at: str, over: str, lost_made: str
) -> list:
    """A hundred's side has at most 130 points (else ``over`` at ``field``), and it is lost
    only below 100 (else ``lost_made`` at ``at``, the part's ``won``)."""
    if points > HUNDRED_MAX:
        return [FieldError(field, Msg(over, max=HUNDRED_MAX, n=points))]
    if won is False and points >= 100:
        return [FieldError(at, Msg(lost_made, n=points))]
    return []


def _sto(record: MariasRecord, won: bool | None, at: str, options: MariasOptions) -> list:
    """A sto at most 130, lost only below 100; v2.1: failed per 10 short, with its points."""
    dp = record.declarer_points
    if dp is not None:
        return _hundred_points(
            dp, won, "declarer_points", at, "marias.sto_over", "marias.sto_lost_made"
        )
    if won is False and options.sto_failure == "per_ten_short":
        return [FieldError("declarer_points", Msg("marias.sto_failed_points"))]
    return []


def _sto_proti(record: MariasRecord, won: bool | None, at: str) -> list:
    """The defenders' hundred at most 130, failed only below 100."""
    fp = record.defender_points
    if fp is None:
        return []
    over, failed_made = "marias.sto_proti_over", "marias.sto_proti_failed_made"
    return _hundred_points(fp, won, "defender_points", at, over, failed_made)
