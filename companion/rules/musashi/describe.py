"""What the app, `/board` and `shinpan replay` show of a Musashi's Challenge game: summary and event lines."""

from __future__ import annotations

from typing import Any

from companion.rules.kendo_taikai import cards as kc
from companion.rules.model import Event
from companion.rules.musashi.flow import places
from companion.rules.musashi.notation import card_text
from companion.rules.musashi.state import (
    COLOURS,
    AnswerMissing,
    Attack,
    AttackerNamed,
    BonusDrawn,
    CardsPlayed,
    CardsPulled,
    DiscardsShuffled,
    DroppedOut,
    FirstAttackerChosen,
    HikiWake,
    Kind,
    MusashiState,
    Phase,
    SumDeclared,
    SumsTied,
    SwitchedForBrown,
    SwitchesDeclared,
)


def attack_text(attack: Attack) -> str:
    if attack.kind is Kind.OSHIDASHI:
        return "OSHIDASHI"
    if attack.kind is Kind.MAKI_WAZA:
        return "MAKI WAZA"
    plus = f" with {kc.card(attack.strengthening).name}" if attack.strengthening else ""
    return f"the attack on {attack.target}{plus}"


def answer_first(attack: Attack) -> str:
    """What the attacked player answers first: the strengthening card, then the basic attack (KT1 6a-c)."""
    if attack.strengthening:
        return f"the {kc.card(attack.strengthening).name} first (KT1 6a), then the attack on {attack.target} (KT1 6b)"
    if attack.kind is Kind.BASIC:
        return f"the attack on {attack.target} (KT1 6b)"
    return f"{attack_text(attack)} (KT1 6c)"


def summary(state: MusashiState) -> dict[str, Any]:
    names = state.names
    final = places(state) if state.phase is Phase.OVER else None
    dropped_places = {seat: len(names) - order for order, seat in enumerate(state.dropped)}
    players = [{
        "name": name,
        "hand": state.hands[seat],
        "status": "in" if state.is_in(seat) else "out",
        "place": final[seat] if final else dropped_places.get(seat),
    } for seat, name in enumerate(names)]
    attack = state.attack
    acting = state.phase in (Phase.ATTACK, Phase.ANSWER, Phase.PULL, Phase.BONUS)
    data: dict[str, Any] = {
        "players": players,
        "phase": state.phase.value,
        "turn": names[state.turn] if acting else None,
        "attacker": names[attack.attacker] if attack and state.phase is Phase.ANSWER else None,
        "attacked": names[attack.defender] if attack and state.phase is Phase.ANSWER else None,
        "attack": attack_text(attack) if attack and state.phase is Phase.ANSWER else None,
        "to_answer": (f"{names[attack.attacker]}'s {attack_text(attack).removeprefix('the ')}"
                      if attack and state.phase is Phase.ANSWER else ""),
        "answer_first": answer_first(attack) if attack and state.phase is Phase.ANSWER else None,
        "table": [{"player": names[seat], "cards": [card_text(c) for c in cards]} for seat, cards in state.table],
        "not_to_be_attacked": _barred(state),
        "pull": (f"{names[state.pull.taker]} pulls {min(state.pull.owed, state.hands[state.pull.giver])} card(s) "
                 f"from {names[state.pull.giver]} blind (M2)") if state.pull and state.phase is Phase.PULL else None,
        "bonus": (f"{names[state.bonus.receiver]} may draw the bonus card (KT1 8)"
                  if state.bonus and state.bonus.receiver is not None and state.phase is Phase.BONUS else None),
        "decks": dict(zip(COLOURS, state.decks, strict=True)),
        "discards": dict(zip(COLOURS, state.discards, strict=True)),
        "set_aside": state.set_aside,
        "dropped_out": [names[seat] for seat in state.dropped],
    }
    if state.phase is Phase.SUMS:
        data["brown_sums"] = {names[s]: total for s, total in enumerate(state.sums) if total is not None}
    return data


def _barred(state: MusashiState) -> str | None:
    barred = state.barred
    if state.phase is not Phase.ATTACK or barred is None or len(state.players_in) < 4:
        return None
    return f"{state.names[state.turn]} may not attack {state.names[barred.seat]}: {barred.reason} [{barred.ruling}]"


def _cards(cards: tuple[str, ...]) -> str:
    return " + ".join(card_text(c) for c in cards)


def describe_event(event: Event, names: list[str]) -> str:
    match event:
        case SwitchesDeclared(seat=seat, count=count):
            return f"{names[seat]} switched {count} card(s) before the game [M13]"
        case SumDeclared(seat=seat, total=total):
            return f"{names[seat]}'s brown cards add up to {total} [KT1 4]"
        case SumsTied(seats=seats, total=total):
            return (f"{', '.join(names[s] for s in seats)} tie on {total}: each switches his smallest brown card and "
                    "declares again [M14]")
        case FirstAttackerChosen(seat=seat, total=total):
            return f"{names[seat]} has the largest sum ({total}) and attacks first [KT1 4]"
        case CardsPlayed(seat=seat, cards=cards, target=target, effect=effect, ruling=ruling):
            at = f" at {names[target]}" if target is not None else ""
            return f"{names[seat]} plays {_cards(cards)}{at}: {effect} [{ruling}]"
        case AnswerMissing(seat=seat, owed=owed, ruling=ruling):
            return f"{names[seat]} has no answer and owes {owed} card(s) [{ruling}]"
        case CardsPulled(taker=taker, giver=giver, count=count, cards=cards, ruling=ruling):
            named = f" ({_cards(cards)})" if cards else ""
            return f"{names[taker]} pulls {count} card(s){named} from {names[giver]} blind [{ruling}]"
        case SwitchedForBrown(seat=seat, colour=colour):
            return f"{names[seat]} switches a {colour} card for a brown one [KT1 9]"
        case DiscardsShuffled(colour=colour, count=count):
            return f"the {count} {colour} discards are shuffled into the empty {colour} deck [M15]"
        case BonusDrawn(seat=seat, deck=deck):
            taken = f"draws the bonus card from the {deck} deck" if deck else "leaves the bonus card"
            return f"{names[seat]} {taken} [KT1 8]"
        case AttackerNamed(seat=seat, reason=reason, ruling=ruling):
            return f"{names[seat]} attacks next: {reason} [{ruling}]"
        case DroppedOut(seat=seat, place=place, reason=reason, ruling=ruling):
            return f"{names[seat]} drops out ({_ordinal(place)} place): {reason} [{ruling}]"
        case HikiWake(seat=seat, ruling=ruling):
            return f"HIKI-WAKE: {names[seat]}'s very last card was a block [{ruling}]"
    return event.name


def _ordinal(number: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(number, f"{number}th")
