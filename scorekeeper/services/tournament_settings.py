"""A tournament's ranking and prize settings, and each entrant's categories and club.

The tie-breaks in force (an ordered choice from what the game's ranking offers, RULES.md §6), the
entry fee and the payout per place, and how many players of a club count: checked here for
``create_tournament`` and for the settings page and API (the tie-breaks only until round 1 is
drawn: a draw by standings and every sheet printed since rest on them). An entrant's categories
("women", "senior", "junior" or the organiser's own words) and club rank it in a category table
and the club table. Every change is audited.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from sqlmodel import Session

from ..i18n.formats import parse_amount
from ..models.tournament import Tournament, TournamentPlayer
from ..rules.base import RuleError
from ..tournament import prizes
from ..tournament import standings as ranking
from . import tournament_common as common
from .errors import NotFound
from .messages import Msg

MAX_FEE = Decimal("1000000")
MAX_PLACES = 50  # places with a prize
MAX_CATEGORIES = 10  # per entrant
WORD_MAX = 40  # a category's length
CLUB_MAX = 80
BEST_N_MAX = 50


def check_tiebreaks(kind: str, ranking_by: str, value: Any) -> list[str] | None:
    """The tie-breaks in order as stored (None: the ranking's default); RuleError naming the
    entry (``tiebreaks.1``) that the game's ranking does not offer."""
    if value is None:
        return None
    offered = ranking.offered_tiebreaks(kind, ranking_by)
    if not isinstance(value, list | tuple):
        raise RuleError("tiebreaks", Msg("desk.tiebreaks_list"))
    for i, key in enumerate(value):
        _check_tiebreak(i, key, value, offered)
    return list(ranking.tiebreak_keys(kind, ranking_by, list(value)))


def _check_tiebreak(i: int, key: Any, value: Any, offered: Any) -> None:
    """RuleError for entry ``i`` when the ranking does not offer it or an earlier entry has it."""
    if not isinstance(key, str) or key not in offered:
        raise RuleError(f"tiebreaks.{i}", Msg("desk.tiebreak_choose", keys=", ".join(offered)))
    if key in value[:i]:
        raise RuleError(f"tiebreaks.{i}", Msg("desk.tiebreak_once"))


def check_fee(value: Any) -> str | None:
    """The entry fee as a stored decimal string (None: no fee)."""
    if value in (None, ""):
        return None
    fee = _fee_amount(value)
    if isinstance(value, bool) or not 0 <= fee <= MAX_FEE or fee != fee.quantize(prizes.CENT):
        raise RuleError("fee", Msg("desk.fee"))
    return str(fee)


def _fee_amount(value: Any) -> Decimal:
    try:
        return parse_amount(value)
    except (InvalidOperation, ValueError):
        raise RuleError("fee", Msg("desk.fee")) from None


def check_payout(value: Any) -> list[str] | None:
    """The shares of the pool by place ("0.5", "0.3", "0.2") as stored; each above 0, together
    at most the whole pool (what is left stays with the organiser)."""
    if value in (None, [], ""):
        return None
    shares = _shares(value)
    if sum(shares) > 1:
        raise RuleError("payout", Msg("desk.payout_sum"))
    return [str(s) for s in shares]


def _shares(value: Any) -> list[Decimal]:
    """The shares by place, each checked (at most MAX_PLACES of them)."""
    if not isinstance(value, list | tuple) or len(value) > MAX_PLACES:
        raise RuleError("payout", Msg("desk.payout_list"))
    return [_share(i, share) for i, share in enumerate(value)]


def _share(i: int, share: Any) -> Decimal:
    """Place ``i``'s share of the pool: above 0, at most the whole."""
    try:
        number = parse_amount(share)
    except (InvalidOperation, ValueError):
        number = Decimal(-1)
    if isinstance(share, bool) or not 0 < number <= 1:
        raise RuleError(f"payout.{i}", Msg("desk.payout_share"))
    return number


def check_best_n(value: Any) -> int:
    """How many players of a club count in the club table (default 3)."""
    if value in (None, ""):
        return 3
    number = _whole_or_zero(value)
    if not 1 <= number <= BEST_N_MAX:
        raise RuleError("club_best_n", Msg("desk.whole_number", n=BEST_N_MAX))
    return number


def _whole_or_zero(value: Any) -> int:
    """A number or a form's text as a whole number (0 for text that is none)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RuleError("club_best_n", Msg("desk.whole_number", n=BEST_N_MAX))
    try:
        return int(value)
    except ValueError:
        return 0


def checked(
    game: Any, options: Any, ranking_by: str, *, tiebreaks: Any, fee: Any, payout: Any,
    best_n: Any, kind: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The new tournament's settings, each checked (RuleError naming the field); ``kind``: the
    ranking kind when not the game's (a league evening's, RULES.md §6b)."""
    kind = kind or game.tournament.standings_kind(options)
    return {
        "tiebreaks": check_tiebreaks(kind, ranking_by, tiebreaks),
        "fee": check_fee(fee),
        "payout": check_payout(payout),
        "club_best_n": check_best_n(best_n),
    }


def settings_json(tournament: Tournament) -> dict[str, Any]:
    """What the settings are (the state, the audit): the tie-breaks in force and the offer."""
    kind = common.standings_kind(tournament)
    by = tournament.ranking or "balance"
    return {
        "tiebreaks": list(ranking.tiebreak_keys(kind, by, tournament.tiebreaks)),
        "tiebreaks_offered": list(ranking.offered_tiebreaks(kind, by)),
        "fee": tournament.fee,
        "payout": list(tournament.payout or []),
        "club_best_n": tournament.club_best_n,
    }


def update_settings(
    *, session: Session, tournament_id: str, actor: str, **changes: Any
) -> dict[str, Any]:
    """Change ``tiebreaks``, ``fee``, ``payout`` or ``club_best_n`` (those given); the tie-breaks
    only before round 1 is drawn. Answers ``settings_json``."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    before = settings_json(tournament)
    if "tiebreaks" in changes:
        tournament.tiebreaks = _new_tiebreaks(session, tournament, changes["tiebreaks"])
    if "fee" in changes:
        tournament.fee = check_fee(changes["fee"])
    if "payout" in changes:
        tournament.payout = check_payout(changes["payout"])
    if "club_best_n" in changes:
        tournament.club_best_n = check_best_n(changes["club_best_n"])
    session.add(tournament)
    after = settings_json(tournament)
    common.audit(session, tournament, actor, "settings", before=before, after=after)
    session.commit()
    return after


def _new_tiebreaks(session: Session, tournament: Tournament, value: Any) -> list[str] | None:
    """The tie-breaks checked, refused once round 1 is drawn."""
    if common.load_rounds(session, tournament.id):
        raise RuleError("tiebreaks", Msg("desk.tiebreaks_fixed"))
    kind = common.standings_kind(tournament)
    return check_tiebreaks(kind, tournament.ranking or "balance", value)


def check_categories(value: Any) -> list[str]:
    """An entrant's categories as stored: built-in keys, other words as typed (each once)."""
    if value in (None, ""):
        return []
    out: list[str] = []
    for i, word in enumerate(_category_list(value)):
        _add_category(out, _category_word(i, word))
    if len(out) > MAX_CATEGORIES:
        raise RuleError("categories", Msg("desk.categories_max", n=MAX_CATEGORIES))
    return out


def _category_list(value: Any) -> list[Any] | tuple[Any, ...]:
    """The categories as a list (a text: separated by commas)."""
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list | tuple):
        raise RuleError("categories", Msg("desk.categories_list"))
    return value


def _category_word(i: int, word: Any) -> str:
    """Category ``i`` as stored (``prizes.category_key``; "" for a blank one)."""
    if not isinstance(word, str):
        raise RuleError(f"categories.{i}", Msg("desk.text"))
    word = prizes.category_key(word)
    if word and (len(word) > WORD_MAX or not word.isprintable()):
        raise RuleError(f"categories.{i}", Msg("desk.category_word", n=WORD_MAX))
    return word


def _add_category(out: list[str], word: str) -> None:
    """Add a word that is not blank and not yet there (``prizes.same``)."""
    if word and not any(prizes.same(word, w) for w in out):
        out.append(word)


def check_club(value: Any) -> str | None:
    """A club's name as typed (spaces tidied), None for none."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise RuleError("club", Msg("desk.text"))
    club = " ".join(value.split())
    _check_club_name(club)
    return club or None


def _check_club_name(club: str) -> None:
    if len(club) > CLUB_MAX or not club.isprintable():
        raise RuleError("club", Msg("desk.club_long", num=CLUB_MAX))


def player_details(player: TournamentPlayer) -> dict[str, Any]:
    """An entrant's categories and club, as the API shows them."""
    return {"categories": list(player.categories or []), "club": player.club}


def set_player_details(
    *, session: Session, tournament_id: str, player_id: str, actor: str, **changes: Any
) -> TournamentPlayer:
    """Set an entrant's ``categories`` and/or ``club`` (those given); audited."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    player = _entrant(session, tournament, player_id)
    before = player_details(player)
    if "categories" in changes:
        player.categories = check_categories(changes["categories"]) or None
    if "club" in changes:
        player.club = check_club(changes["club"])
    session.add(player)
    _audit_change(session, tournament, actor, player, before)
    session.commit()
    return player


def _entrant(session: Session, tournament: Tournament, player_id: Any) -> TournamentPlayer:
    """The tournament's entrant with this id; NotFound otherwise (an id that is no text too)."""
    player = session.get(TournamentPlayer, player_id) if isinstance(player_id, str) else None
    if player is None or player.tournament_id != tournament.id:
        raise NotFound(Msg("player.not_found"), field="player_id")
    return player


def _audit_change(
    session: Session, tournament: Tournament, actor: str, player: TournamentPlayer, before: dict
) -> bool:
    """Audit an entrant's categories and club when they changed; whether they did."""
    after = player_details(player)
    if after == before:
        return False
    common.audit(
        session, tournament, actor, "player details", before={"name": player.name, **before},
        after={"name": player.name, **after},
    )  # fmt: skip
    return True


def set_many_details(
    *, session: Session, tournament_id: str, actor: str, details: dict[str, dict[str, Any]]
) -> int:
    """Categories and clubs of many entrants at once (the organiser's list): every one checked
    before any is stored; RuleError names the entrant. Answers how many changed."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    players = {p.id: p for p in common.load_players(session, tournament.id)}
    checked_details = {
        pid: _checked_details(pid, wanted, players) for pid, wanted in details.items()
    }
    changed = 0
    for pid, (categories, club) in checked_details.items():
        player = players[pid]
        before = player_details(player)
        player.categories, player.club = categories, club
        if _audit_change(session, tournament, actor, player, before):
            changed += 1
            session.add(player)
    session.commit()
    return changed


def _checked_details(
    pid: str, wanted: dict[str, Any], players: dict[str, TournamentPlayer]
) -> tuple[list[str] | None, str | None]:
    """One entrant's (categories, club) checked; a refusal names the entrant ("id.club")."""
    if pid not in players:
        raise NotFound(Msg("player.not_found"), field="player_id")
    try:
        return check_categories(wanted.get("categories")) or None, check_club(wanted.get("club"))
    except RuleError as error:
        raise RuleError(f"{pid}.{error.errors[0].field}", error.errors[0].message) from None
