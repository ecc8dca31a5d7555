"""Every legal answer to the exchange on the table, each with its ruling and consequence."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from companion.rules.errors import IllegalAction
from companion.rules.kendo_shiai.engine import switch_due
from companion.rules.kendo_shiai.plays import TSUBAZERIAI_CHOICES, Effect, classify, no_answer_consequence
from companion.rules.kendo_shiai.state import KendoState, NoAnswer, OfferBrown, Phase, Play, Threat
from companion.rules.kendo_taikai import cards as kc
from companion.rules.model import LegalResponse

PAIR_GREENS = (kc.MUSHIN, kc.TSUBAZERIAI, kc.FUDOSHIN, kc.SEME, kc.TAI_JODAN)


@lru_cache(maxsize=1)
def candidate_plays() -> tuple[tuple[tuple[str, ...], str | None], ...]:
    """Every card combination the rulebook's "along with" column can ever allow."""
    combos: list[tuple[str, ...]] = []
    combos += [(c.id,) for c in kc.kendo_cards().values() if c.kind != "marker"]
    combos += [(r.id, g) for r in kc.reds() for g in PAIR_GREENS]
    combos += [(b.id, g) for b in kc.browns() for g in (kc.JODAN, kc.TSUBAZERIAI, kc.TAI_JODAN)]
    combos += [(r.id, kc.MUSHIN, kc.SEME) for r in kc.reds()]
    return tuple(_with_choices(combos))


def _with_choices(combos: list[tuple[str, ...]]) -> list[tuple[tuple[str, ...], str | None]]:
    found: list[tuple[tuple[str, ...], str | None]] = []
    for combo in combos:
        cards = kc.canonical(combo)
        if kc.TSUBAZERIAI in cards and any(kc.card(c).kind == "red" for c in cards):
            found += [(cards, choice) for choice in TSUBAZERIAI_CHOICES]
        else:
            found.append((cards, None))
    return found


@lru_cache(maxsize=64)
def narrowed_candidates(phase: Phase, threat: Threat | None, target: str | None
                        ) -> tuple[tuple[tuple[str, ...], str | None], ...]:
    """A superset of the legal plays for this kind of moment, far smaller than every combination.

    `classify` still decides each one; a test checks that nothing legal is ever left out.
    """
    basic = kc.browns(hiki=False)
    hiki = kc.browns(hiki=True)
    reds = kc.reds()
    receiving = [r for r in reds if r.receives == target]
    combos: list[tuple[str, ...]] = []
    if phase is Phase.START:
        combos += [(b.id,) for b in basic] + [(g,) for g in (kc.SEME, kc.OSHIDASHI, kc.MAKI_WAZA, kc.JIKAN_DESU)]
        combos += [(b.id, kc.JODAN) for b in basic] + [(h.id, kc.TSUBAZERIAI) for h in hiki]
    elif threat in (Threat.ATTACK, Threat.SEME_BROWN):
        combos += [(b.id,) for b in basic if b.target == target] + [(r.id,) for r in receiving] + [(kc.BOGYO,)]
        combos += [(r.id, kc.MUSHIN) for r in reds] + [(r.id, kc.MUSHIN, kc.SEME) for r in reds]
        combos += [(r.id, g) for r in receiving for g in (kc.TSUBAZERIAI, kc.FUDOSHIN, kc.SEME)]
        combos += [(h.id, kc.TSUBAZERIAI) for h in hiki]
    elif threat is Threat.JODAN:
        combos += [(kc.JODAN,), (kc.FUDOSHIN,)]
        combos += [(b.id, kc.TAI_JODAN) for b in basic if b.target == target]
        combos += [(r.id, kc.TAI_JODAN) for r in receiving]
    elif threat is Threat.SEME:
        combos += [(kc.SEME,), (kc.FUDOSHIN,)]
        combos += [(b.id,) for b in basic]
    else:
        combos += [(kc.KAIHI_SURU,), (kc.TSUYOI_KAMAE,), (kc.FUDOSHIN,)]
    return tuple(_with_choices(combos))


def _time_note(state: KendoState) -> str:
    """After JIKAN DESU at 1:0 the round's end without the opponent's IPPON ends the match (S7)."""
    if state.jikan_watch is None:
        return ""
    chaser = state.names[1 - state.jikan_watch]
    return f"; JIKAN DESU: a round that ends without {chaser}'s IPPON ends the match 1:0 (S7, KSD8)"


def _cache_key(state: KendoState) -> tuple[object, ...]:
    """Only these fields decide the answers, so states that share them share one list."""
    return (state.phase, state.pending, state.turn, min(state.hands[state.turn] + switch_due(state), 3),
            state.switched[state.turn], state.ippons, state.encho, state.jikan_used,
            state.brown_answer_starter, state.cannot_start_penalised, state.switch_barred, state.jikan_watch)


_CACHE: dict[tuple[object, ...], tuple[LegalResponse, ...]] = {}
_CACHE_LIMIT = 8192


def clear_cache() -> None:
    _CACHE.clear()


def legal_responses(state: KendoState) -> list[LegalResponse]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.OFFER:
        return _offers(state)
    key = _cache_key(state)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        pending = state.pending
        narrowed = narrowed_candidates(state.phase, pending.threat if pending else None,
                                       pending.target if pending else None)
        found = _CACHE[key] = responses_among(state, narrowed)
    return list(found)


def responses_among(state: KendoState, candidates: Iterable[tuple[tuple[str, ...], str | None]]
                    ) -> tuple[LegalResponse, ...]:
    """The legal responses found among `candidates`, plus the "no answer" declaration."""
    seat = state.turn
    due = switch_due(state)
    found: list[LegalResponse] = []
    for cards, choice in candidates:
        try:
            resolution = classify(state, cards, choice)
        except IllegalAction:
            continue
        switches = due and not resolution.skip_switch
        if state.hands[seat] + switches < len(cards):
            continue
        note = "switch-and-pick first (S6); " if switches else ""
        ends_round = resolution.effect is Effect.END
        found.append(LegalResponse(Play(seat, cards, choice), resolution.ruling, resolution.why,
                                   note + resolution.consequence + (_time_note(state) if ends_round else "")))
    consequence, ruling = no_answer_consequence(state)
    if not consequence.startswith("IPPON"):
        consequence += _time_note(state)
    label = "no card to start a round" if state.phase is Phase.START else "no answer"
    found.append(LegalResponse(NoAnswer(seat), ruling, f"declared by the player: {label}", consequence))
    return tuple(found)


def _offers(state: KendoState) -> list[LegalResponse]:
    found: list[LegalResponse] = []
    for seat in (0, 1):
        if state.offers[seat] is not None:
            continue
        for brown in kc.browns():
            for number in sorted(set(brown.numbers or (1, 2, 3, 4, 5))):
                found.append(LegalResponse(OfferBrown(seat, brown.id, number), "KT2 start",
                                           "offer a brown card: the larger number starts",
                                           "equal numbers: both offer again"))
        found.append(LegalResponse(OfferBrown(seat, None, 0), "KT2 start", "no brown card to offer",
                                   "counts 0"))
    return found
