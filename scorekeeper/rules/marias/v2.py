"""What version 2 of the Mariáš rules refuses in a deal record that version 1 accepted.

docs/rules.md §4 and §5 (v2): a hundred counts the cards and the trump marriage only, so a ``sto``
(or ``sto_proti``, or a silent hundred's own points) above 130 is impossible; ``won`` must agree
with the points either way for ``hra``, ``sto`` and ``sto_proti`` (version 1 checked only a
hundred marked won). These checks do not raise: ``marias.score`` lists them in the deal's
``refusals`` (``base.REFUSALS``), so a record stored before version 2 still opens and scores as
recorded, while a deal being added or edited is refused with them (``base.refuse_new``).
"""

from __future__ import annotations

from .. import messages_marias  # noqa: F401  (registers the codes used below)
from ..base import FieldError
from ..messages import Msg
from .record import MariasRecord

HUNDRED_MAX = 130  # 90 card points + the trump marriage (40)


def refusals(record: MariasRecord) -> list[FieldError]:
    """Every v2 rule this record breaks, each naming its field; empty when it is fine."""
    if record.renonc is not None:
        return []
    errors: list[FieldError] = []
    dp, fp = record.declarer_points, record.defender_points
    for i, part in enumerate(record.parts):
        if part.kind == "sto" and dp is not None:
            if dp > HUNDRED_MAX:
                errors.append(
                    FieldError("declarer_points", Msg("marias.sto_over", max=HUNDRED_MAX, n=dp))
                )
            elif part.won is False and dp >= 100:
                errors.append(FieldError(f"parts.{i}.won", Msg("marias.sto_lost_made", n=dp)))
        if part.kind == "sto_proti" and fp is not None:
            if fp > HUNDRED_MAX:
                errors.append(
                    FieldError(
                        "defender_points", Msg("marias.sto_proti_over", max=HUNDRED_MAX, n=fp)
                    )
                )
            elif part.won is False and fp >= 100:
                errors.append(
                    FieldError(f"parts.{i}.won", Msg("marias.sto_proti_failed_made", n=fp))
                )
    for i, silent in enumerate(record.silent):
        if silent.kind == "tiche_sto" and silent.points is not None:
            if silent.points > HUNDRED_MAX:
                errors.append(
                    FieldError(
                        f"silent.{i}.points",
                        Msg("marias.silent_hundred_over", max=HUNDRED_MAX, n=silent.points),
                    )
                )
    return errors
