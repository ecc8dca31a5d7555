"""Where Two-on-Two (T9, T19, T20) and Army of One (T10, T17, T18, T21) differ from two players: whose
turn follows, what each player draws, who may defend, whom an attack or a Strategy card names, and
which side has won. Each function answers for every mode, so the engine never branches on the mode.
"""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.martial_arts_tcg.seating import HERO, Goal, Mode
from companion.rules.martial_arts_tcg.state import DRAW_ACTIVE, DRAW_OTHER, MatState
from companion.rules.text import normalise_name


def role(state: MatState, seat: int) -> str | None:
    """hero, leader or enemy in an Army of One (T10); None otherwise."""
    if not state.rules.army:
        return None
    if seat == HERO:
        return "hero"
    return "leader" if seat == state.leader else "enemy"


def team_ruling(state: MatState) -> str:
    return "T10" if state.rules.army else "T9"


# --- whose turn follows -----------------------------------------------------------------------------


def next_turn(state: MatState) -> tuple[int, str, str]:
    """The seat whose turn follows the one ending now, why, and the ruling."""
    names, control = state.names, state.control
    mode = state.rules.mode
    if mode is Mode.TWO_ON_TWO:
        count = len(names)
        for step in range(1, count + 1):
            seat = (state.turn + step) % count
            if seat not in state.fallen:
                skipped = "" if step == 1 else ", skipping the players who are out"
                return seat, f"turns go round the seats from {names[state.turn]}'s turn{skipped}", "T19"
        return state.turn, "nobody else is in", "T19"
    if mode is Mode.ARMY_OF_ONE:
        if control != HERO:
            return HERO, f"{names[control]}, an Enemy, controls the turn last: the Hero's turn follows", "T21"
        return _after_hero(state)
    return state.opponents(control)[0], f"{names[control]} controls the turn last: the other player's turn " \
        "follows", "T8"


def _after_hero(state: MatState) -> tuple[int, str, str]:
    names = state.names
    last = state.hero_target
    if last is not None and last not in state.fallen:
        return last, f"the Hero controls the turn last: {names[last]}, the Enemy he attacked last, plays next", "T10"
    gone = f"{names[last]}, the Enemy he attacked last, is out" if last is not None else "he attacked no Enemy"
    leader = state.leader
    if leader is not None and leader not in state.fallen:
        return leader, f"the Hero controls the turn last and {gone}: the leader {names[leader]} plays next", "T21"
    standing = state.standing_opponents(HERO)
    if not standing:
        return HERO, "no Enemy is in", "T21"
    best = max(standing, key=lambda seat: (state.seats[seat].health, -seat))
    return best, f"the Hero controls the turn last, {gone} and the leader is out: {names[best]}, the Enemy with " \
        "the most health (ties: seat order), plays next", "T21"


# --- draws ------------------------------------------------------------------------------------------


def draw_phase(state: MatState, seat: int) -> list[tuple[int, int, str]]:
    """(seat, cards, why) of a Draw Phase: 3 for the player beginning his turn, 2 for every opponent still
    in, nothing for teammates (T4, T18); the Hero one more each time (T10)."""
    hero = state.rules.is_hero(seat)
    draws = [(seat, DRAW_ACTIVE + (1 if hero else 0),
              "Draw Phase: the Hero draws 4 on his turn (T10)" if hero else
              "Draw Phase: the player whose turn it is draws 3 (T4)")]
    for other in state.standing_opponents(seat):
        extra = state.rules.is_hero(other)
        draws.append((other, DRAW_OTHER + (1 if extra else 0),
                      "Draw Phase: the Hero draws 3 when an Enemy begins his turn (T10)" if extra else
                      "Draw Phase: every opponent still in draws 2 (T4, T18)"))
    return draws


# --- who may defend; whom a card names ----------------------------------------------------------------


def defenders(state: MatState) -> tuple[int, ...]:
    """The attacked player first, then his teammates still in (T9; any Enemy for another, T10)."""
    waiting = state.attack
    if waiting is None:
        return ()
    return (waiting.target, *state.teammates(waiting.target))


def seat_named(state: MatState, text: str) -> int | None:
    wanted = text.strip().casefold()
    return next((seat for seat, name in enumerate(state.names) if name.casefold() == wanted), None)


def split_card(state: MatState, seat: int, card: str, target: str | None) -> tuple[str, str | None]:
    """A card whose name holds ' at ' was read as CARD at TARGET: when TARGET names no player and the
    whole is a card of the deck, it is that card with no target (docs/records.md)."""
    if target is None or seat_named(state, target) is not None:
        return card, target
    whole = f"{card} at {target}"
    if normalise_name(whole) in state.decks[seat].index:
        return whole, None
    return card, target


def named_opponent(state: MatState, seat: int, target: str, what: str) -> int:
    """The standing opponent `target` names; a teammate, a player who is out or no player is refused."""
    found = seat_named(state, target)
    ruling = team_ruling(state)
    if found is None:
        raise IllegalAction(f"{target[:60]!r} is no player of this match ({', '.join(state.names)})", ruling)
    if found == seat or found not in state.opponents(seat):
        who = f"that is {state.names[seat]} himself" if found == seat else \
            f"{state.names[found]} is {state.names[seat]}'s teammate"
        rule = "Strategy cards may not target a teammate" if what == "a Strategy card" else \
            f"{what} names an opponent"
        raise IllegalAction(f"{rule}: {who}", ruling)
    if found in state.fallen:
        raise IllegalAction(f"{state.names[found]} is out (0 health): {what} names an opponent still in", ruling)
    return found


def attack_target(state: MatState, seat: int, target: str | None, *, link: bool) -> int:
    """Whom a new attack or a link strikes (T9, T10): named, else the chain's target, else the one
    opponent still in."""
    chain = state.chain
    before = chain.target if link and chain is not None else None
    if target is not None:
        found = named_opponent(state, seat, target, "an attack")
    elif before is not None and before not in state.fallen:
        found = before
    else:
        found = only_opponent(state, seat, "attack CARD at NAME")
    if link and before is not None and found != before and not state.rules.is_hero(seat):
        raise IllegalAction(f"a link goes on against {state.names[before]}: switching to another opponent inside "
                            "a combo is the Hero's alone (T10); a new attack may name anyone (T12)", "T10")
    return found


def only_opponent(state: MatState, seat: int, form: str) -> int:
    standing = state.standing_opponents(seat)
    if len(standing) == 1:
        return standing[0]
    names = ", ".join(state.names[other] for other in standing)
    raise IllegalAction(f"name the opponent ({names}): {form}", team_ruling(state))


def strategy_aim(state: MatState, seat: int, target: str | None, reaches_opponent: bool) -> int | None:
    """Whom a Strategy card is aimed at: named (never a teammate, T9), else the attacker it answers, the
    opponent of the open combo, or the one opponent still in."""
    if target is not None:
        return named_opponent(state, seat, target, "a Strategy card")
    if not reaches_opponent:
        return None
    waiting, chain = state.attack, state.chain
    if waiting is not None and seat in defenders(state):
        return waiting.attacker
    if chain is not None and chain.attacker == seat and chain.target is not None and chain.target not in state.fallen:
        return chain.target
    return only_opponent(state, seat, "play CARD at NAME")


# --- the end ----------------------------------------------------------------------------------------


def decided(state: MatState) -> tuple[tuple[int, ...], str, str] | None:
    """(winners, reason, ruling) once a side has lost; `((), reason, "T24")` when both fell at once."""
    fallen = state.fallen
    if not fallen:
        return None
    names = state.names
    if state.rules.army:
        hero_down = HERO in fallen
        enemies = state.opponents(HERO)
        beaten = [seat for seat in enemies if seat in fallen]
        goal_met = len(beaten) == len(enemies) if state.rules.goal is Goal.ALL_ENEMIES else \
            state.leader in fallen
        if hero_down and goal_met:
            return (), "the Hero and his goal fell at the same moment", "T24"
        if hero_down:
            return enemies, f"the Hero {names[HERO]} is out after defeating {len(beaten)} of {len(enemies)} " \
                "Enemies", "T10"
        if goal_met:
            what = "every Enemy" if state.rules.goal is Goal.ALL_ENEMIES else \
                f"the leader {names[state.leader or 0]}"
            return (HERO,), f"the Hero {names[HERO]} defeated {what} ({len(beaten)} of {len(enemies)} Enemies)", \
                "T10"
        return None
    sides = sorted({state.rules.pool_of(seat) for seat in range(len(names))})
    lost = [pool for pool in sides
            if all(seat in fallen for seat in range(len(names)) if state.rules.pool_of(seat) == pool)]
    if not lost:
        return None
    if len(lost) == len(sides):
        both = "both teams were out" if state.rules.teamed else "both players reached 0 health"
        return (), f"{both} at the same moment", "T24"
    winners = tuple(seat for seat in range(len(names)) if state.rules.pool_of(seat) not in lost)
    losers = [names[seat] for seat in range(len(names)) if state.rules.pool_of(seat) in lost]
    if state.rules.teamed:
        return winners, f"{' and '.join(losers)} are both out", "T9"
    return winners, f"{losers[0]}'s health fell to {state.seats[fallen[0]].health}", "T1"
