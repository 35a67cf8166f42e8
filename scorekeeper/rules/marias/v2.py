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
    errors: list[FieldError] = []
    for i, part in enumerate(record.parts):
        if part.kind == "sto":
            errors += _sto(record, part.won, f"parts.{i}.won", options)
        elif part.kind == "sto_proti":
            errors += _sto_proti(record, part.won, f"parts.{i}.won")
    for i, silent in enumerate(record.silent):
        if silent.kind == "tiche_sto" and silent.points is not None:
            if silent.points > HUNDRED_MAX:
                message = Msg("marias.silent_hundred_over", max=HUNDRED_MAX, n=silent.points)
                errors.append(FieldError(f"silent.{i}.points", message))
    return errors


def _sto(record: MariasRecord, won: bool | None, at: str, options: MariasOptions) -> list:
    """A sto at most 130, lost only below 100; v2.1: failed per 10 short, with its points."""
    dp = record.declarer_points
    if dp is None:
        if won is False and options.sto_failure == "per_ten_short":
            return [FieldError("declarer_points", Msg("marias.sto_failed_points"))]
        return []
    if dp > HUNDRED_MAX:
        return [FieldError("declarer_points", Msg("marias.sto_over", max=HUNDRED_MAX, n=dp))]
    if won is False and dp >= 100:
        return [FieldError(at, Msg("marias.sto_lost_made", n=dp))]
    return []


def _sto_proti(record: MariasRecord, won: bool | None, at: str) -> list:
    """The defenders' hundred at most 130, failed only below 100."""
    fp = record.defender_points
    if fp is None:
        return []
    if fp > HUNDRED_MAX:
        message = Msg("marias.sto_proti_over", max=HUNDRED_MAX, n=fp)
        return [FieldError("defender_points", message)]
    if won is False and fp >= 100:
        return [FieldError(at, Msg("marias.sto_proti_failed_made", n=fp))]
    return []
