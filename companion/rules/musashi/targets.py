"""Who an attack, a counterattack or a passed-on attack may be aimed at, and why not the others.

Every count of players is the count of players still in (M5).
"""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.musashi.plays import Effect, Reaction
from companion.rules.musashi.state import MusashiState, Phase
from companion.rules.numbers import whole_number

MANY = 4  # from 4 players on, nobody is attacked straight back (KT1 7, KT1 10)

Refusal = tuple[str, str]  # reason, ruling


def seat_named(state: MusashiState, label: str) -> int | None:
    """The seat of a player's name (any case) or of a label P1..P6."""
    wanted = label.strip().casefold()
    for seat, name in enumerate(state.names):
        if name.casefold() == wanted:
            return seat
    if wanted.startswith("p"):
        number = whole_number(wanted[1:], 1, len(state.names))
        if number is not None:
            return number - 1
    return None


def refusal(state: MusashiState, actor: int, reaction: Reaction, seat: int) -> Refusal | None:
    """Why `reaction` may not be aimed at `seat` now, or None when it may."""
    names = state.names
    if seat == actor:
        return ("nobody attacks himself", "KT1 6")
    if not state.is_in(seat):
        return (f"{names[seat]} is out", "KT1 8")
    many = len(state.players_in) >= MANY
    if reaction.effect is Effect.ATTACK:
        barred = state.barred
        if many and barred is not None and barred.seat == seat:
            return (barred.reason, barred.ruling)
        return None
    attack = state.attack
    if attack is None or not many or seat != attack.attacker:
        return None
    if reaction.effect is Effect.COUNTER:
        return (f"{names[seat]} attacked you: with 4-6 players in, the attacked player does not attack straight "
                "back", "KT1 10")
    if reaction.effect is Effect.PASS_ON and not reaction.same_card_back:
        return (f"{names[seat]} attacked you: with 4-6 players in, an attack is passed on to anyone but its "
                "attacker", "M11")
    return None


def allowed_targets(state: MusashiState, actor: int, reaction: Reaction) -> tuple[int, ...]:
    return tuple(seat for seat in state.players_in if refusal(state, actor, reaction, seat) is None)


def resolve_target(state: MusashiState, actor: int, reaction: Reaction, label: str | None) -> int | None:
    """The seat a play is aimed at, checked against KT1 6-10; None for a play aimed at nobody."""
    if not reaction.aims:
        if label is not None:
            raise IllegalAction(f"this play is aimed at nobody; leave out 'at {label}'", "KT1 6")
        return None
    if label is None:
        doing = "attack" if state.phase is Phase.ATTACK else "pass it on to or counterattack"
        example = next(iter(allowed_targets(state, actor, reaction)), None)
        hint = f", e.g. '... at {state.names[example]}'" if example is not None else ""
        raise IllegalAction(f"name the player you {doing}{hint}", "KT1 6")
    seat = seat_named(state, label)
    if seat is None:
        raise IllegalAction(f"no player called {label[:40]!r} (players: {', '.join(state.names)})", "KT1 6")
    refused = refusal(state, actor, reaction, seat)
    if refused is not None:
        reason, ruling = refused
        raise IllegalAction(f"not at {state.names[seat]}: {reason}", ruling)
    return seat
