"""Which cards may be played now in Musashi's Challenge, and what each play does.

`classify` turns a play into a `Reaction` or refuses it with IllegalAction naming the rule. Rule
references: "KT1 6a" is rule 6a of the rulebook's version 1; "KT1 greens" its green-card table;
M1-M17 are RULINGS.md; "MSD1"... are Shinpan's decisions, listed in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from companion.rules.errors import IllegalAction
from companion.rules.kendo_taikai import cards as kc
from companion.rules.musashi.state import Attack, Kind

GREENS = "KT1 greens"
STRENGTHENERS = (kc.SEME, kc.JODAN)
# What neutralises each strengthening card in rule version 1 (the green-card table).
NEUTRALISERS = {kc.JODAN: (kc.JODAN, kc.TAI_JODAN), kc.SEME: (kc.SEME, kc.MUSHIN)}
BLOCKS = (kc.TSUBAZERIAI, kc.BOGYO)
PASSERS = (kc.KAIHI_SURU, kc.TSUYOI_KAMAE, kc.FUDOSHIN)
OTHER_ATTACKS = {kc.OSHIDASHI: Kind.OSHIDASHI, kc.MAKI_WAZA: Kind.MAKI_WAZA}
STOPPERS = (kc.KAIHI_SURU, kc.TSUYOI_KAMAE)  # neutralise OSHIDASHI and MAKI WAZA (M8)


class Effect(StrEnum):
    ATTACK = "attack"  # a new attack (rule 5)
    NEUTRALISE = "neutralise"  # the strengthening card is neutralised; the basic attack is answered next
    COUNTER = "counter"  # a red card receives the attack and strikes the player named (rule 10)
    PASS_ON = "pass-on"  # devolved or turned back: the passer attacks the player named (rule 6c, M11)
    BLOCK = "block"  # TSUBAZERIAI or BOGYO: the blocker attacks next (M3, M16)
    STOP = "stop"  # OSHIDASHI or MAKI WAZA neutralised: as after a block (M8)
    BROWN = "brown"  # option brown-answers: the attacker attacks again (M12, S2)


@dataclass(frozen=True)
class Reaction:
    effect: Effect
    ruling: str
    why: str
    kind: Kind | None = None  # the attack that follows (ATTACK, COUNTER, PASS_ON)
    target: str | None = None
    strengthening: str | None = None
    same_card_back: bool = False  # OSHIDASHI/MAKI WAZA answered with itself (rule 10's exception)

    @property
    def aims(self) -> bool:
        return self.effect in (Effect.ATTACK, Effect.COUNTER, Effect.PASS_ON)


def _name(card_id: str) -> str:
    return kc.card(card_id).name


def classify(attack: Attack | None, cards: tuple[str, ...], *, brown_answers: bool = False,
             strengthening_travels: bool = False) -> Reaction:
    """The reaction `cards` make now (`attack` None: a new attack), or IllegalAction."""
    found = reaction_of(attack.kind if attack else None, attack.target if attack else None,
                        attack.strengthening if attack else None, cards, brown_answers, strengthening_travels)
    if isinstance(found, Refusal):
        raise IllegalAction(found.reason, found.ruling)
    return found


@dataclass(frozen=True)
class Refusal:
    """A refused play, cached as plain values (a cached exception would keep its frames alive)."""

    reason: str
    ruling: str


@lru_cache(maxsize=8192)
def reaction_of(kind: Kind | None, target: str | None, strengthening: str | None, cards: tuple[str, ...],
                brown_answers: bool, travels: bool) -> Reaction | Refusal:
    """`classify` for the attack's parts; refusals are returned, not raised, so they are cached too."""
    try:
        _check_cards(cards)
        if kind is None:
            return _new_attack(cards)
        if kind is not Kind.BASIC:
            return _answer_other(kind, cards)
        if strengthening is not None:
            return _answer_strengthening(target, strengthening, cards, brown_answers, travels)
        return _answer_basic(target, cards, brown_answers)
    except IllegalAction as error:
        return Refusal(error.reason, error.ruling)


def _check_cards(cards: tuple[str, ...]) -> None:
    if not cards:
        raise IllegalAction("a play needs at least one card", "KT1 5")
    for card_id in cards:
        info = kc.card(card_id)
        if info.kind == "marker":
            raise IllegalAction(f"{info.name} is not used in Musashi's Challenge", "KT1 1")
        if card_id == kc.JIKAN_DESU:
            raise IllegalAction("JIKAN DESU cards are put aside in Musashi's Challenge", "KT1 1")
    if len(set(cards)) != len(cards):
        raise IllegalAction("the same card twice in one play is never allowed", "KT1 5")


def _new_attack(cards: tuple[str, ...]) -> Reaction:
    infos = [kc.card(c) for c in cards]
    if len(cards) == 1:
        only = infos[0]
        if only.kind == "brown":
            return Reaction(Effect.ATTACK, "KT1 5", f"{only.name} alone is a basic attack on {only.target} "
                            "(KT1 5, MSD4)", Kind.BASIC, only.target)
        if only.id in OTHER_ATTACKS:
            return Reaction(Effect.ATTACK, "KT1 5", f"{only.name} is an other attack (KT1 5)",
                            OTHER_ATTACKS[only.id])
        if only.kind == "red":
            raise IllegalAction(f"{only.name} is a red card: it answers an attack, it never starts one", "KT1 5")
        raise IllegalAction(f"{only.name} does not start an attack (a brown card, a brown card with SEME or "
                            "JODAN NO KAMAE, OSHIDASHI or MAKI WAZA do)", "KT1 5")
    if len(cards) == 2 and infos[0].kind == "brown" and cards[1] in STRENGTHENERS:
        brown = infos[0]
        return Reaction(Effect.ATTACK, "KT1 5", f"{brown.name} + {_name(cards[1])} is a strengthened basic attack "
                        f"on {brown.target} (KT1 5)", Kind.BASIC, brown.target, cards[1])
    raise IllegalAction(f"{kc.names(cards)} is not an attack: a brown card alone or with one strengthening card "
                        "(SEME or JODAN NO KAMAE), OSHIDASHI or MAKI WAZA", "KT1 5")


def _answer_other(kind: Kind, cards: tuple[str, ...]) -> Reaction:
    attack = "OSHIDASHI" if kind is Kind.OSHIDASHI else "MAKI WAZA"
    same = kc.OSHIDASHI if kind is Kind.OSHIDASHI else kc.MAKI_WAZA
    if len(cards) == 1:
        only = cards[0]
        if only in STOPPERS:
            return Reaction(Effect.STOP, "M8", f"{_name(only)} neutralises {attack}: no card moves, and you attack "
                            "next (KT1 greens, M8)")
        if only == same:
            return Reaction(Effect.PASS_ON, "KT1 10", f"{attack} answers {attack}: turned back, or passed on "
                            "(KT1 greens, KT1 10)", kind, same_card_back=True)
        if only == kc.FUDOSHIN:
            return Reaction(Effect.PASS_ON, "M11", f"FUDOSHIN devolves or turns back {attack} (KT1 greens, M11)",
                            kind)
    raise IllegalAction(f"{attack} is turned back with {attack} or FUDOSHIN, or neutralised by KAIHI SURU or "
                        f"TSUYOI KAMAE; {kc.names(cards)} does neither", "KT1 6c")


def _pass_on(card_id: str, target: str | None, strengthening: str | None, travels: bool) -> Reaction:
    name = _name(card_id)
    if strengthening is None:
        return Reaction(Effect.PASS_ON, "M11", f"{name} devolves the basic attack on {target} (KT1 greens, M11)",
                        Kind.BASIC, target)
    carried = strengthening if card_id == kc.FUDOSHIN or travels else None
    shown = _name(strengthening)
    if carried:
        ruling = "M10"
        why = f"{name} passes the attack on {target} on with its {shown} (M10)"
    else:
        ruling = "M10"
        why = f"{name} neutralises {shown} and passes the basic attack on {target} on alone (M10)"
    return Reaction(Effect.PASS_ON, ruling, why, Kind.BASIC, target, carried)


def _answer_strengthening(target: str | None, strengthening: str, cards: tuple[str, ...], brown_answers: bool,
                          travels: bool) -> Reaction:
    shown = _name(strengthening)
    if len(cards) == 1 and cards[0] in PASSERS:
        return _pass_on(cards[0], target, strengthening, travels)
    if len(cards) == 1 and cards[0] in NEUTRALISERS[strengthening]:
        return Reaction(Effect.NEUTRALISE, "KT1 6a", f"{_name(cards[0])} neutralises {shown}; the attack on "
                        f"{target} is answered next (KT1 6a, KT1 greens)")
    if strengthening == kc.JODAN and kc.TAI_JODAN in cards and len(cards) > 1:
        rest = tuple(c for c in cards if c != kc.TAI_JODAN)
        for card_id in rest:
            if card_id in PASSERS:
                raise IllegalAction(f"{_name(card_id)} can't be used along with other cards", GREENS)
        answer = _answer_basic(target, rest, brown_answers)
        return Reaction(answer.effect, "M17", f"TAI-JODAN neutralises JODAN NO KAMAE, and {answer.why} (M17)",
                        answer.kind, answer.target, answer.strengthening)
    if strengthening == kc.SEME and kc.MUSHIN in cards and any(kc.is_kind(c, "red") for c in cards):
        counter = _counter(target, cards, mushin_needed=False)
        return Reaction(Effect.COUNTER, GREENS, f"MUSHIN neutralises SEME and makes {counter.why} (KT1 greens, "
                        "MSD5)", counter.kind, counter.target, counter.strengthening)
    answers = " or ".join(_name(c) for c in NEUTRALISERS[strengthening])
    raise IllegalAction(f"answer the {shown} first: {answers} neutralises it, KAIHI SURU, TSUYOI KAMAE or FUDOSHIN "
                        f"passes it on, or declare no answer; {kc.names(cards)} does not", "KT1 6a")


def _answer_basic(target: str | None, cards: tuple[str, ...], brown_answers: bool) -> Reaction:
    infos = [kc.card(c) for c in cards]
    if kc.TAI_JODAN in cards:
        raise IllegalAction("TAI-JODAN neutralises JODAN NO KAMAE only; there is none to answer", "M17")
    if len(cards) == 1 and cards[0] in BLOCKS:
        return Reaction(Effect.BLOCK, "KT1 greens", f"{_name(cards[0])} blocks the basic attack: you attack next "
                        "(KT1 greens, M3, M16)")
    if len(cards) == 1 and cards[0] in PASSERS:
        return _pass_on(cards[0], target, None, False)
    reds = [i for i in infos if i.kind == "red"]
    if len(reds) == 1:
        return _counter(target, cards, mushin_needed=True)
    if len(cards) == 1 and infos[0].kind == "brown":
        brown = infos[0]
        if not brown_answers:
            raise IllegalAction("in rule version 1 a brown card never answers an attack (rules option "
                                "brown-answers)", "M12")
        if brown.target != target:
            raise IllegalAction(f"{brown.name} strikes {brown.target}, not the attack on {target}", "S1")
        return Reaction(Effect.BROWN, "M12", f"{brown.name} answers the attack on {target}; its attacker attacks "
                        "again (M12, S2)")
    for card_id in cards:
        if card_id in PASSERS and len(cards) > 1:
            raise IllegalAction(f"{_name(card_id)} can't be used along with other cards", GREENS)
    raise IllegalAction(f"{kc.names(cards)} does not answer a basic attack: a red card receiving {target} (or any "
                        "red card with MUSHIN), TSUBAZERIAI, BOGYO, KAIHI SURU, TSUYOI KAMAE or FUDOSHIN does",
                        "KT1 6b")


def _counter(target: str | None, cards: tuple[str, ...], *, mushin_needed: bool) -> Reaction:
    """A red card, with MUSHIN where it needs it, and at most one strengthening card."""
    infos = [kc.card(c) for c in cards]
    reds = [i for i in infos if i.kind == "red"]
    if len(reds) != 1:
        raise IllegalAction("a counterattack is one red card", "KT1 6b")
    red = reds[0]
    extras = [c for c in cards if c != red.id]
    has_mushin = kc.MUSHIN in extras
    strengtheners = [c for c in extras if c in STRENGTHENERS]
    others = [c for c in extras if c != kc.MUSHIN and c not in STRENGTHENERS]
    if others or len(strengtheners) > 1:
        raise IllegalAction(f"{kc.names(cards)}: a red card goes only with MUSHIN and one strengthening card "
                            "(SEME or JODAN NO KAMAE)", GREENS)
    fits = red.receives == target
    if mushin_needed and fits and has_mushin:
        raise IllegalAction(f"{red.name} already receives {target}: MUSHIN would do nothing", "MSD6")
    if not fits and not has_mushin:
        raise IllegalAction(f"{red.name} receives {red.receives}, not the attack on {target}: not appropriate "
                            "(MUSHIN makes any red card appropriate)", "S1")
    strengthening = strengtheners[0] if strengtheners else None
    how = "appropriate with MUSHIN" if has_mushin and not fits else f"receives the attack on {target}"
    plus = f" with {_name(strengthening)}" if strengthening else ""
    why = f"{red.name} {how} and counterattacks {red.strikes}{plus} (KT1 6b, KT1 10)"
    if not mushin_needed:
        why = f"{red.name} appropriate and counterattack {red.strikes}{plus}"
    return Reaction(Effect.COUNTER, "KT1 6b", why, Kind.BASIC, red.strikes, strengthening)
