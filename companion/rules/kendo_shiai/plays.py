"""Which cards may be played now, and what each play does: the rulebook's "along with / against".

`classify` either returns the play's `Resolution` or raises IllegalAction naming the rule. Rule
references: S1-S8 are RULINGS.md; "KT2 I.3k" is the Kendo Shiai rulebook chapter I, card 3.k;
"KSD1"... are Shinpan's own decisions on gaps, listed in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.rules.errors import IllegalAction
from companion.rules.kendo_shiai.state import KendoState, Pending, Phase, Threat
from companion.rules.kendo_taikai import cards as kc

LONE_ONLY = {
    kc.BOGYO: "KT2 I.3f",
    kc.KAIHI_SURU: "KT2 I.3h",
    kc.TSUYOI_KAMAE: "KT2 I.3g",
    kc.OSHIDASHI: "KT2 I.3i",
    kc.MAKI_WAZA: "KT2 I.3j",
    kc.JIKAN_DESU: "KT2 I.3e",
}
TSUBAZERIAI_CHOICES = ("keep", "give")


class Effect(StrEnum):
    THREAT = "threat"  # the opponent must now answer `pending`
    CONTINUE = "continue"  # neutralised: the same player now answers `pending`
    END = "end"  # the exchange ends; `starter_self` says who starts the next round
    RESTART = "restart"  # an opening SEME neutralised: its player starts the same round again (S5)
    IPPON = "ippon"  # the player scores at once (S5)
    JIKAN = "jikan"


@dataclass(frozen=True)
class Resolution:
    effect: Effect
    ruling: str
    why: str
    consequence: str
    pending: Pending | None = None
    starter_self: bool = False
    switch_barred: bool = False
    skip_switch: bool = False


def _illegal(reason: str, ruling: str) -> IllegalAction:
    return IllegalAction(reason, ruling)


def _name(card_id: str) -> str:
    return kc.card(card_id).name


def _appropriate(red_id: str, target: str | None) -> bool:
    return kc.appropriate(red_id, target)


def classify(state: KendoState, cards: tuple[str, ...], choice: str | None) -> Resolution:
    """The resolution of playing `cards` (canonical order) now, or IllegalAction."""
    if not cards:
        raise _illegal("a play needs at least one card", "KT2 I")
    infos = [kc.card(c) for c in cards]
    for info in infos:
        if info.kind == "marker":
            raise _illegal(f"{info.name} is a marker, not a card to play", "KT2 contents")
    if len(set(cards)) != len(cards):
        raise _illegal("the same card twice in one play is never allowed", "KT2 I")
    for lone, ruling in LONE_ONLY.items():
        if lone in cards and len(cards) > 1:
            raise _illegal(f"{_name(lone)} can be played only alone", ruling)
    if cards in ((kc.TSUBAZERIAI,), (kc.MUSHIN,)):
        ruling = "KT2 I.3a" if cards[0] == kc.TSUBAZERIAI else "KT2 I.3b"
        raise _illegal(f"{_name(cards[0])} alone cannot be played", ruling)
    if choice is not None and (kc.TSUBAZERIAI not in cards or choice not in TSUBAZERIAI_CHOICES):
        raise _illegal("only a red card + TSUBAZERIAI takes 'keep' or 'give'", "KT2 I.3a")
    if state.phase is Phase.START:
        return _start(state, cards)
    pending = state.pending
    assert pending is not None
    if pending.threat is Threat.ATTACK:
        return _answer_attack(state, pending, cards, choice)
    if pending.threat is Threat.JODAN:
        return _answer_jodan(state, pending, cards)
    if pending.threat is Threat.SEME:
        return _answer_seme(pending, cards)
    if pending.threat is Threat.SEME_BROWN:
        return _answer_seme_brown(state, pending, cards, choice)
    return _answer_other(pending, cards)


def _start(state: KendoState, cards: tuple[str, ...]) -> Resolution:
    seat = state.turn
    infos = [kc.card(c) for c in cards]
    kinds = [i.kind for i in infos]
    if "red" in kinds:
        raise _illegal("a red card cannot begin a round", "KT2 I.2")
    if len(cards) == 1:
        only = infos[0]
        if only.kind == "brown":
            if only.hiki:
                raise _illegal(f"{only.name} is HIKI-WAZA and is never played alone", "S2")
            return Resolution(Effect.THREAT, "KT2 I.1", f"{only.name} starts a round: an attack on {only.target}",
                              f"the opponent must answer an attack on {only.target}",
                              Pending(Threat.ATTACK, seat, only.target))
        if only.id == kc.SEME:
            return Resolution(Effect.THREAT, "S5", "SEME alone may begin a round",
                              "the opponent must place a single MEN, KOTE, DO or TSUKI on it, or neutralise it",
                              Pending(Threat.SEME, seat))
        if only.id in (kc.OSHIDASHI, kc.MAKI_WAZA):
            threat = Threat.OSHIDASHI if only.id == kc.OSHIDASHI else Threat.MAKI_WAZA
            answer = "KAIHI SURU" if only.id == kc.OSHIDASHI else "TSUYOI KAMAE"
            return Resolution(Effect.THREAT, LONE_ONLY[only.id], f"{only.name} alone may begin a round",
                              f"the opponent answers with {answer} or is given a HANSOKU (S4)",
                              Pending(threat, seat))
        if only.id == kc.JIKAN_DESU:
            return _jikan(state)
        raise _illegal(f"{only.name} cannot begin a round", _start_ruling(only.id))
    if len(cards) == 2:
        brown = next((i for i in infos if i.kind == "brown"), None)
        green = next((i for i in infos if i.kind == "green"), None)
        if brown and green and green.id == kc.JODAN:
            if brown.hiki:
                raise _illegal("JODAN NO KAMAE goes only with MEN, KOTE, DO or TSUKI", "KT2 I.3k")
            return Resolution(Effect.THREAT, "KT2 I.3k", f"{brown.name} + JODAN NO KAMAE starts a strengthened round",
                              "the opponent must neutralise JODAN NO KAMAE (JODAN NO KAMAE, TAI-JODAN or "
                              "FUDOSHIN) or throw away two cards",
                              Pending(Threat.JODAN, seat, brown.target))
        if brown and green and green.id == kc.TSUBAZERIAI:
            if not brown.hiki:
                raise _illegal("at the beginning of a round TSUBAZERIAI goes only with a HIKI-WAZA card", "KT2 I.3a")
            return Resolution(Effect.THREAT, "KT2 I.3a", f"{brown.name} + TSUBAZERIAI may begin a round",
                              f"the opponent must answer an attack on {brown.target}",
                              Pending(Threat.ATTACK, seat, brown.target))
    raise _illegal(f"{kc.names(cards)} cannot begin a round", "KT2 I")


def _start_ruling(card_id: str) -> str:
    return {
        kc.TAI_JODAN: "KT2 I.3l", kc.FUDOSHIN: "KT2 I.3d", kc.BOGYO: "KT2 I.3f",
        kc.KAIHI_SURU: "KT2 I.3h", kc.TSUYOI_KAMAE: "KT2 I.3g", kc.JODAN: "KT2 I.3k",
    }.get(card_id, "KT2 I")


def _jikan(state: KendoState) -> Resolution:
    seat = state.turn
    mine, theirs = state.ippons[seat], state.ippons[1 - seat]
    if state.encho or state.jikan_used:
        raise _illegal("JIKAN DESU cannot be played again once ENCHO has begun", "S7")
    if (mine, theirs) == (1, 1):
        return Resolution(Effect.JIKAN, "S7", "JIKAN DESU at 1:1 begins ENCHO",
                          "every hand is thrown, each picks 5, HANSOKU are cancelled, the next IPPON wins")
    if (mine, theirs) == (1, 0):
        return Resolution(Effect.JIKAN, "S7", "JIKAN DESU at 1:0 calls time",
                          "the opponent starts a round; without an IPPON by its end the match ends 1:0")
    raise _illegal(f"JIKAN DESU is played only at 1:0 to its player or at 1:1, not at {mine}:{theirs}", "S7")


def _end_after_brown(state: KendoState, pending: Pending) -> bool:
    """Whether the player whose attack a brown card answered starts the next round (S2)."""
    return pending.by_red or state.brown_answer_starter == "attacker"


def _answer_attack(state: KendoState, pending: Pending, cards: tuple[str, ...], choice: str | None) -> Resolution:
    seat = state.turn
    target = pending.target
    infos = [kc.card(c) for c in cards]
    by = "a red card's" if pending.by_red else "a brown card's"
    if len(cards) == 1:
        only = infos[0]
        if only.kind == "brown":
            if only.hiki:
                raise _illegal(f"{only.name} is HIKI-WAZA and is never played alone", "S2")
            if only.target != target:
                raise _illegal(f"{only.name} does not answer an attack on {target}: not appropriate", "S1")
            starter_self = not _end_after_brown(state, pending)
            return Resolution(Effect.END, "S2", f"{only.name} answers the attack on {target} and ends the exchange",
                              "the exchange ends; " + ("you start" if starter_self else "the attacker starts")
                              + " the next round", starter_self=starter_self)
        if only.kind == "red":
            if not _appropriate(only.id, target):
                raise _illegal(f"{only.name} receives {only.receives}, not the attack on {target}: not appropriate "
                               "(MUSHIN would make it appropriate)", "S1")
            return Resolution(Effect.THREAT, "S1", f"{only.name} receives {target} and counterattacks {only.strikes}",
                              f"the opponent must answer an attack on {only.strikes}",
                              Pending(Threat.ATTACK, seat, only.strikes, by_red=True))
        if only.id == kc.BOGYO:
            return Resolution(Effect.END, "KT2 I.3f", "BOGYO blocks any brown or red attack",
                              "the exchange ends; you start the next round without switch-and-pick (S6)",
                              starter_self=True, switch_barred=True)
        raise _illegal(*_wrong_answer(only.id))
    kinds = sorted(i.kind for i in infos)
    greens = {i.id for i in infos if i.kind == "green"}
    red = next((i for i in infos if i.kind == "red"), None)
    brown = next((i for i in infos if i.kind == "brown"), None)
    if len(cards) == 3 and red and greens == {kc.MUSHIN, kc.SEME}:
        if not pending.by_red:
            raise _illegal("SEME with a red card answers only a red card's attack, not " + by, "KT2 I.3c")
        return Resolution(Effect.THREAT, "S5", f"MUSHIN + {red.name} + SEME: answered as a SEME alone",
                          "the opponent must place a single MEN, KOTE, DO or TSUKI on it, or neutralise it",
                          Pending(Threat.SEME, seat, answering=True))
    if len(cards) != 2 or kinds not in (["green", "red"], ["brown", "green"]):
        raise _illegal(f"{kc.names(cards)} is not a pair the rules allow", "KT2 I")
    (green_id,) = greens
    if brown is not None:
        if green_id == kc.TSUBAZERIAI:
            if not brown.hiki:
                raise _illegal("TSUBAZERIAI goes only with a red card or a HIKI-WAZA card", "KT2 I.3a")
            if not pending.by_red:
                raise _illegal("HIKI-WAZA + TSUBAZERIAI answers only a red card's attack, not " + by, "KT2 I.3a")
            return Resolution(Effect.THREAT, "KT2 I.3a", f"{brown.name} + TSUBAZERIAI answers a red card",
                              f"the round goes on: the opponent must answer an attack on {brown.target}",
                              Pending(Threat.ATTACK, seat, brown.target))
        if green_id == kc.TAI_JODAN:
            raise _illegal("TAI-JODAN answers only JODAN NO KAMAE", "KT2 I.3l")
        raise _illegal(f"{brown.name} + {_name(green_id)} cannot answer an attack", _start_ruling(green_id))
    assert red is not None
    if green_id == kc.MUSHIN:
        return Resolution(Effect.THREAT, "KT2 I.3b", f"MUSHIN makes {red.name} appropriate against any attack",
                          f"the opponent must answer an attack on {red.strikes}",
                          Pending(Threat.ATTACK, seat, red.strikes, by_red=True))
    if green_id in (kc.TSUBAZERIAI, kc.FUDOSHIN, kc.SEME) and not _appropriate(red.id, target):
        raise _illegal(f"{red.name} receives {red.receives}, not the attack on {target}: not appropriate", "S1")
    if green_id == kc.TSUBAZERIAI:
        if not pending.by_red:
            raise _illegal("a red card + TSUBAZERIAI answers only a red card's attack, not " + by, "KT2 I.3a")
        if choice not in TSUBAZERIAI_CHOICES:
            raise _illegal("say 'keep' (you start the next round) or 'give' (the opponent starts)", "KT2 I.3a")
        keep = choice == "keep"
        return Resolution(Effect.END, "KT2 I.3a", f"{red.name} + TSUBAZERIAI answers the red card",
                          "the exchange ends; " + ("you start" if keep else "the opponent starts") + " the next round",
                          starter_self=keep)
    if green_id == kc.FUDOSHIN:
        return Resolution(Effect.THREAT, "KT2 I.3d", f"{red.name} + FUDOSHIN answers any brown or red attack",
                          "the opponent throws away two cards you pick (unless FUDOSHIN neutralises it), "
                          "then starts the next round", Pending(Threat.FUDOSHIN, seat))
    if green_id == kc.SEME:
        if not pending.by_red:
            raise _illegal("a red card + SEME answers only a red card's attack, not " + by, "KT2 I.3c")
        return Resolution(Effect.THREAT, "S5", f"{red.name} + SEME puts pressure on the opponent",
                          "the opponent must place a single MEN, KOTE, DO or TSUKI on it, or neutralise it",
                          Pending(Threat.SEME, seat, follow=Pending(Threat.ATTACK, seat, red.strikes, by_red=True),
                                  answering=True))
    if green_id == kc.TAI_JODAN:
        raise _illegal("TAI-JODAN answers only JODAN NO KAMAE", "KT2 I.3l")
    raise _illegal(f"{red.name} + {_name(green_id)} is not a pair the rules allow", _start_ruling(green_id))


def _wrong_answer(card_id: str) -> tuple[str, str]:
    reasons = {
        kc.JODAN: ("JODAN NO KAMAE can be played only at the beginning of a round, with MEN, KOTE, DO or TSUKI",
                   "KT2 I.3k"),
        kc.SEME: ("SEME alone is played only at the beginning of a round or against SEME", "KT2 I.3c"),
        kc.TAI_JODAN: ("TAI-JODAN answers only JODAN NO KAMAE", "KT2 I.3l"),
        kc.FUDOSHIN: ("FUDOSHIN alone answers only SEME, FUDOSHIN or JODAN NO KAMAE", "KT2 I.3d"),
        kc.OSHIDASHI: ("OSHIDASHI can be played only at the beginning of a round", "KT2 I.3i"),
        kc.MAKI_WAZA: ("MAKI WAZA can be played only at the beginning of a round", "KT2 I.3j"),
        kc.KAIHI_SURU: ("KAIHI SURU answers only OSHIDASHI", "KT2 I.3h"),
        kc.TSUYOI_KAMAE: ("TSUYOI KAMAE answers only MAKI WAZA", "KT2 I.3g"),
        kc.JIKAN_DESU: ("JIKAN DESU is played only alone at the beginning of a round", "KT2 I.3e"),
    }
    return reasons.get(card_id, (f"{_name(card_id)} cannot answer this", "KT2 I"))


def _answer_jodan(state: KendoState, pending: Pending, cards: tuple[str, ...]) -> Resolution:
    target = pending.target
    basic = Pending(Threat.ATTACK, pending.attacker, target)
    if cards in ((kc.JODAN,), (kc.FUDOSHIN,)):
        return Resolution(Effect.CONTINUE, "KT2 I.3k", f"{_name(cards[0])} neutralises JODAN NO KAMAE",
                          f"you must now answer the attack on {target}", basic)
    if len(cards) == 2 and kc.TAI_JODAN in cards:
        other = kc.card(next(c for c in cards if c != kc.TAI_JODAN))
        if other.kind == "brown" and not other.hiki and other.target == target:
            starter_self = not _end_after_brown(state, basic)
            return Resolution(Effect.END, "KT2 I.3l", f"TAI-JODAN + {other.name} neutralises JODAN NO KAMAE and "
                              f"answers the attack on {target}", "the exchange ends; "
                              + ("you start" if starter_self else "the attacker starts") + " the next round (S2)",
                              starter_self=starter_self)
        if other.kind == "red" and other.receives == target:
            return Resolution(Effect.THREAT, "KT2 I.3l", f"TAI-JODAN + {other.name} neutralises JODAN NO KAMAE "
                              f"and counterattacks {other.strikes}",
                              f"the opponent must answer an attack on {other.strikes}",
                              Pending(Threat.ATTACK, 1 - pending.attacker, other.strikes, by_red=True))
        raise _illegal(f"TAI-JODAN goes with a card that receives {target}; {other.name} does not", "KT2 I.3l")
    raise _illegal("JODAN NO KAMAE must first be neutralised by JODAN NO KAMAE, TAI-JODAN or FUDOSHIN; "
                   "BOGYO and TSUBAZERIAI have no effect on it", "KT2 I.3k")


def _answer_seme(pending: Pending, cards: tuple[str, ...]) -> Resolution:
    if cards in ((kc.SEME,), (kc.FUDOSHIN,)):
        name = _name(cards[0])
        if pending.follow is not None:
            return Resolution(Effect.CONTINUE, "S5", f"{name} neutralises SEME",
                              f"play goes on as if SEME had not been played: answer the attack on "
                              f"{pending.follow.target}", pending.follow)
        if pending.answering:
            return Resolution(Effect.END, "KSD3", f"{name} neutralises MUSHIN + red + SEME",
                              "nothing is left to answer; you start the next round", starter_self=True)
        return Resolution(Effect.RESTART, "S5", f"{name} neutralises SEME",
                          "as if SEME had not been played: its player starts the round again")
    if len(cards) == 1:
        info = kc.card(cards[0])
        if info.kind == "brown" and not info.hiki:
            return Resolution(Effect.THREAT, "S5", f"{info.name} is placed on SEME",
                              f"the SEME player scores IPPON with a red card receiving {info.target} "
                              "(or any red with MUSHIN); otherwise he must answer it",
                              Pending(Threat.SEME_BROWN, 1 - pending.attacker, info.target))
    raise _illegal("SEME is answered by a single MEN, KOTE, DO or TSUKI card, or neutralised by SEME or FUDOSHIN",
                   "S5")


def _answer_seme_brown(state: KendoState, pending: Pending, cards: tuple[str, ...], choice: str | None) -> Resolution:
    target = pending.target
    ippon_open = not state.switched[state.turn]
    infos = [kc.card(c) for c in cards]
    reds = [i for i in infos if i.kind == "red"]
    if ippon_open and len(reds) == 1:
        red = reds[0]
        if len(cards) == 1 and red.receives == target:
            return Resolution(Effect.IPPON, "S5", f"{red.name} receives the {target} placed on SEME",
                              "IPPON at once", skip_switch=True)
        if len(cards) == 2 and kc.MUSHIN in cards:
            return Resolution(Effect.IPPON, "S5", f"MUSHIN + {red.name} on the {target} placed on SEME",
                              "IPPON at once", skip_switch=True)
    return _answer_attack(state, Pending(Threat.ATTACK, pending.attacker, target), cards, choice)


def _answer_other(pending: Pending, cards: tuple[str, ...]) -> Resolution:
    if pending.threat is Threat.FUDOSHIN:
        if cards == (kc.FUDOSHIN,):
            return Resolution(Effect.END, "KT2 I.3d", "FUDOSHIN neutralises FUDOSHIN: no cards are lost",
                              "you start the next round", starter_self=True)
        raise _illegal("red + FUDOSHIN is answered only by FUDOSHIN alone; otherwise you lose two cards "
                       "(declare no answer)", "KT2 I.3d")
    needed, ruling = ((kc.KAIHI_SURU, "KT2 I.3h") if pending.threat is Threat.OSHIDASHI
                      else (kc.TSUYOI_KAMAE, "KT2 I.3g"))
    attack = "OSHIDASHI" if pending.threat is Threat.OSHIDASHI else "MAKI WAZA"
    if cards == (needed,):
        return Resolution(Effect.END, ruling, f"{_name(needed)} neutralises {attack}",
                          "the exchange ends; you start the next round (KSD2)", starter_self=True)
    raise _illegal(f"only {_name(needed)} answers {attack}; without it, declare no answer for a HANSOKU", "S4")


def no_answer_consequence(state: KendoState) -> tuple[str, str]:
    """What declaring "no answer" now leads to, and the rule."""
    if state.phase is Phase.START:
        if state.cannot_start_penalised:
            return "pick a brown card and drop one, then try again", "S4"
        return "HANSOKU; then pick a brown card and drop one until a round can be started", "S4"
    pending = state.pending
    assert pending is not None
    if pending.threat in (Threat.OSHIDASHI, Threat.MAKI_WAZA):
        return "HANSOKU; you start the next round", "S4"
    if pending.threat is Threat.JODAN:
        return "throw away two cards unseen; you start the next round", "KT2 I.3k"
    if pending.threat is Threat.FUDOSHIN:
        return "the opponent picks two of your cards to throw away; you start the next round", "KT2 I.3d"
    return "IPPON to the opponent", "S3"
