"""Every legal response of the player(s) to act, each with its ruling, why, and consequence."""

from __future__ import annotations

from functools import lru_cache

from companion.rules.kendo_taikai import cards as kc
from companion.rules.model import LegalResponse
from companion.rules.musashi import decks
from companion.rules.musashi.engine import pull_due
from companion.rules.musashi.plays import PASSERS, Effect, Reaction, Refusal, reaction_of
from companion.rules.musashi.setup import SUM_MAX, SUM_MIN, SWITCH_MAX
from companion.rules.musashi.state import (
    COLOURS,
    Attack,
    DeclareSum,
    Kind,
    MusashiState,
    NoAnswer,
    NoAttack,
    Phase,
    Play,
    Pull,
    SwitchBeforeGame,
    SwitchForBrown,
    TakeBonus,
)
from companion.rules.musashi.targets import MANY, allowed_targets, refusal

Cards = tuple[str, ...]


def _counters(reds: list[str]) -> list[Cards]:
    return [(r, *extra) for r in reds for extra in ((), (kc.SEME,), (kc.JODAN,))]


@lru_cache(maxsize=64)
def candidates(kind: Kind | None, target: str | None, strengthening: str | None) -> tuple[Cards, ...]:
    """A superset of the plays that can be legal against this attack; `classify` decides each one."""
    reds = [r.id for r in kc.reds()]
    receiving = [r for r in reds if kc.appropriate(r, target)]
    combos: list[Cards] = []
    if kind is None:
        for brown in kc.browns():
            combos += [(brown.id,), (brown.id, kc.SEME), (brown.id, kc.JODAN)]
        combos += [(kc.OSHIDASHI,), (kc.MAKI_WAZA,)]
    elif kind is not Kind.BASIC:
        combos += [(kc.KAIHI_SURU,), (kc.TSUYOI_KAMAE,), (kc.FUDOSHIN,), (kc.OSHIDASHI,), (kc.MAKI_WAZA,)]
    else:
        basic: list[Cards] = _counters(receiving)
        basic += [(*c, kc.MUSHIN) for c in _counters([r for r in reds if r not in receiving])]
        basic += [(kc.TSUBAZERIAI,), (kc.BOGYO,)]
        basic += [(b.id,) for b in kc.browns() if b.target == target]
        passers: list[Cards] = [(p,) for p in PASSERS]
        if strengthening is None:
            combos += basic + passers
        elif strengthening == kc.JODAN:
            combos += [(kc.JODAN,), (kc.TAI_JODAN,), *passers, *[(*c, kc.TAI_JODAN) for c in basic]]
        else:
            combos += [(kc.SEME,), (kc.MUSHIN,), *passers, *[(*c, kc.MUSHIN) for c in _counters(reds)]]
    return tuple(kc.canonical(c) for c in combos)


_CACHE: dict[tuple[object, ...], tuple[LegalResponse, ...]] = {}
# Small on purpose: the app asks again for the state it shows, while a long-lived cache of many
# ~200-response lists makes every full garbage collection slow (measured: 150 ms pauses).
_CACHE_LIMIT = 64


def clear_cache() -> None:
    """Forget the per-state answers; the pooled responses stay, like the card tables (`legal_plays`)."""
    _CACHE.clear()


def clear_pool() -> None:
    _AIMED.clear()


def legal_responses(state: MusashiState) -> list[LegalResponse]:
    phase = state.phase
    if phase is Phase.OVER:
        return []
    if phase is Phase.SWITCH:
        return [LegalResponse(SwitchBeforeGame(seat, count), "M13", f"switched {count} card(s) before the game "
                              "(KT1 3, M13)", "each goes under its own deck and one of its colour is drawn")
                for seat, done in enumerate(state.switches) if done is None for count in range(SWITCH_MAX + 1)]
    if phase is Phase.SUMS:
        return [LegalResponse(DeclareSum(seat, total), "M14", f"the brown cards in hand add up to {total} (KT1 4, "
                              "M14)", "the largest sum attacks first; tied players switch their smallest brown "
                              "card and declare again") for seat in state.to_declare if state.sums[seat] is None
                for total in range(SUM_MIN, SUM_MAX + 1)]
    if phase is Phase.PULL:
        return _pull(state)
    if phase is Phase.BONUS:
        return _bonus(state)
    many = len(state.players_in) >= MANY
    key = (state.names, phase, state.attack, state.turn, min(state.hands[state.turn], 4), state.players_in,
           state.barred if many else None, state.brown_answers, state.strengthening_travels,
           state.switched_for_brown, decks.can_draw(state, "brown"))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        found = _CACHE[key] = tuple(_plays(state)) + tuple(_declarations(state))
    return list(found)


def _threat(reaction: Reaction) -> str:
    if reaction.kind is Kind.OSHIDASHI:
        return "OSHIDASHI"
    if reaction.kind is Kind.MAKI_WAZA:
        return "MAKI WAZA"
    if reaction.strengthening:
        return f"the {kc.card(reaction.strengthening).name} first, then the attack on {reaction.target}"
    return f"the attack on {reaction.target}"


Playable = tuple[tuple[Cards, Reaction, str], ...]


@lru_cache(maxsize=256)
def legal_plays(kind: Kind | None, target: str | None, strengthening: str | None, brown_answers: bool,
                travels: bool) -> Playable:
    """The plays the rules allow against this attack, whoever plays them, with the aimed plays' wording."""
    found = []
    for cards in candidates(kind, target, strengthening):
        reaction = reaction_of(kind, target, strengthening, cards, brown_answers, travels)
        if isinstance(reaction, Refusal):
            continue
        tail = f" must answer {_threat(reaction)}" if reaction.aims else ""
        if reaction.effect is Effect.PASS_ON:
            tail += "; you are its attacker now and take the cards if he cannot answer (KT1 6c)"
        found.append((cards, reaction, tail))
    return tuple(found)


# Aimed responses, built once per table and reused: a 6-player answer lists some 200 of them, and
# building them afresh for every state kept the garbage collector busy (p99 over the 0.5 ms goal).
_AIMED: dict[tuple[object, ...], LegalResponse] = {}
_AIMED_LIMIT = 50_000


def _aimed(names: tuple[str, ...], seat: int, cards: Cards, aim: int, reaction: Reaction, tail: str,
           shape: tuple[object, ...]) -> LegalResponse:
    key = (shape, seat, cards, aim)
    found = _AIMED.get(key)
    if found is None:
        if len(_AIMED) >= _AIMED_LIMIT:
            _AIMED.clear()
        found = _AIMED[key] = LegalResponse(Play(seat, cards, names[aim]), reaction.ruling, reaction.why,
                                            names[aim] + tail)
    return found


def _plays(state: MusashiState) -> list[LegalResponse]:
    seat, attack = state.turn, state.attack if state.phase is Phase.ANSWER else None
    kind, target, strengthening = (attack.kind, attack.target, attack.strengthening) if attack else (None, None, None)
    hand, names = state.hands[seat], state.names
    shape = (names, kind, target, strengthening, state.brown_answers, state.strengthening_travels)
    found: list[LegalResponse] = []
    aimed: dict[tuple[Effect, bool], tuple[int, ...]] = {}
    for cards, reaction, tail in legal_plays(kind, target, strengthening, state.brown_answers,
                                             state.strengthening_travels):
        if len(cards) > hand:
            continue
        if not reaction.aims:
            found.append(LegalResponse(Play(seat, cards), reaction.ruling, reaction.why,
                                       _consequence(state, reaction, len(cards))))
            continue
        group = (reaction.effect, reaction.same_card_back)
        if group not in aimed:
            aimed[group] = allowed_targets(state, seat, reaction)
        for aim in aimed[group]:
            found.append(_aimed(names, seat, cards, aim, reaction, tail, shape))
    return found


def _consequence(state: MusashiState, reaction: Reaction, played: int) -> str:
    """What a play aimed at nobody leads to."""
    names, seat, attack = state.names, state.turn, state.attack
    left = state.hands[seat] - played
    if reaction.effect is Effect.NEUTRALISE:
        assert attack is not None
        return f"you answer the attack on {attack.target} next (KT1 6b)"
    if reaction.effect is Effect.BROWN:
        assert attack is not None
        return f"{names[attack.attacker]} attacks again (M12)"
    if reaction.effect is Effect.BLOCK and left == 0:
        if len(state.players_in) == 2:
            return "HIKI-WAKE: your very last card was a block; the game ends 0:0 (KT1 11, M4, M6)"
        return "HIKI-WAKE: your very last card was a block; you drop out (KT1 11, M4)"
    if left == 0:
        return "you attack next, but with no card left you drop out (KT1 8)"
    return "no card moves; you attack next (M3, M8)"


def _declarations(state: MusashiState) -> list[LegalResponse]:
    seat = state.turn
    if state.phase is Phase.ANSWER:
        return [_no_answer(state)]
    if state.switched_for_brown:
        return []
    if decks.can_draw(state, "brown"):
        return [LegalResponse(SwitchForBrown(seat, colour), "KT1 9", f"declared: no card to start an attack; a "
                              f"{colour} card is switched for a brown one (KT1 9)",
                              "the card goes under its own deck; then attack with the brown card")
                for colour in COLOURS[1:]]
    return [LegalResponse(NoAttack(seat), "M15", "declared: no card to start an attack, and no brown card left to "
                          "switch for (KT1 8, M15)", "you drop out; your last attacker draws the bonus card (KT1 8)")]


def _no_answer(state: MusashiState) -> LegalResponse:
    attack = state.attack
    assert attack is not None
    seat, names = state.turn, state.names
    if attack.strengthening is not None:
        owed, then = 1, f"; then you answer the attack on {attack.target} (M9)"
    else:
        owed, then = (2 if attack.kind is Kind.BASIC else 1), ""
    held = state.hands[seat]
    by = names[attack.attacker]
    if held == 0:
        consequence = "you have no card to give: you drop out (KT1 8, M7)"
    elif held < owed:
        consequence = f"{by} pulls your last {held} card(s) blind and you drop out (M7)"
    else:
        consequence = f"{by} pulls {owed} card(s) from your hand blind (M2){then}"
    return LegalResponse(NoAnswer(seat), "M2", "declared by the player: no card answers this (M1, M2)", consequence)


def _pull(state: MusashiState) -> list[LegalResponse]:
    pull = state.pull
    assert pull is not None
    due = pull_due(state)
    giver = state.names[pull.giver]
    if due < pull.owed:
        then = f"{giver} owed {pull.owed} and is out (M7)"
    elif pull.resume is not None:
        then = f"{giver} answers the attack on {pull.resume.target} next (M9)"
    elif len(state.players_in) < MANY:
        then = f"{giver} attacks next (KT1 7)"
    else:
        then = f"you attack next, not at {giver} (KT1 7)"
    return [LegalResponse(Pull(pull.taker, due), "M2", f"{pull.reason}: take {due} card(s) from {giver} without "
                          "seeing them (M2)", then)]


def _bonus(state: MusashiState) -> list[LegalResponse]:
    bonus = state.bonus
    assert bonus is not None and bonus.receiver is not None
    seat = bonus.receiver
    found = [LegalResponse(TakeBonus(seat, colour), "KT1 8", f"the last attacker of {state.names[bonus.dropped]} "
                           f"draws a bonus card from the {colour} deck (KT1 8)", "")
             for colour in COLOURS if decks.can_draw(state, colour)]
    found.append(LegalResponse(TakeBonus(seat, None), "KT1 8", "the bonus card may be left (KT1 8: 'can draw')", ""))
    return found


def target_notes(state: MusashiState) -> list[tuple[int, bool, str, str]]:
    """For the player to act: each other player, whether he may be attacked now, why, and the ruling."""
    if state.phase not in (Phase.ATTACK, Phase.ANSWER):
        return []
    attack: Attack | None = state.attack if state.phase is Phase.ANSWER else None
    effect = Effect.ATTACK if attack is None else Effect.COUNTER
    probe = Reaction(effect, "", "", Kind.BASIC)
    notes = []
    for seat in range(len(state.names)):
        if seat == state.turn:
            continue
        refused = refusal(state, state.turn, probe, seat)
        if refused is None:
            why = "may be attacked" if attack is None else "may be counterattacked or passed the attack"
            notes.append((seat, True, why, "KT1 6" if attack is None else "KT1 10"))
        else:
            notes.append((seat, False, refused[0], refused[1]))
    return notes

