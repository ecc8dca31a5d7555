"""SEME (S5), JODAN NO KAMAE and TAI-JODAN, OSHIDASHI / KAIHI SURU, MAKI WAZA / TSUYOI KAMAE (S4)."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.kendo_shiai.state import Phase, Threat
from tests.rules.kendo.helpers import event_names, legal_texts, play, state


def push(match, seat: int, text: str) -> None:  # type: ignore[no-untyped-def]
    match.push(match.ruleset.parse_action(seat, text))


SEME_WITH_RED = ("Aiko: MEN", "Ben: MEN>KOTE", "Aiko: KOTE>DO + SEME")


def test_seme_must_be_met_by_a_single_basic_brown_card_or_neutralised() -> None:
    match = play(*SEME_WITH_RED)
    answers = legal_texts(match)
    assert {"MEN", "KOTE", "DO", "TSUKI", "SEME", "FUDOSHIN", "no answer"} == answers
    with pytest.raises(IllegalAction) as raised:
        push(match, 1, "BOGYO")
    assert raised.value.ruling == "S5"


def test_an_appropriate_red_on_the_brown_placed_on_seme_is_ippon_at_once() -> None:
    match = play(*SEME_WITH_RED, "Ben: TSUKI", "Aiko: TSUKI>MEN")
    assert state(match).ippons == (1, 0)
    assert "IpponAwarded" in event_names(match)
    assert "SwitchedAndPicked" not in event_names(match)  # no switch-and-pick before the IPPON red (S5)
    assert match.to_act() == (1,)  # the player who conceded starts (S3)


def test_any_red_with_mushin_on_the_brown_placed_on_seme_is_ippon() -> None:
    match = play(*SEME_WITH_RED, "Ben: TSUKI", "Aiko: MEN>DO + MUSHIN")
    assert state(match).ippons == (1, 0)


def test_without_the_ippon_red_the_brown_on_seme_stands_as_an_attack() -> None:
    match = play(*SEME_WITH_RED, "Ben: TSUKI")
    texts = legal_texts(match)
    assert "TSUKI>MEN" in texts and "BOGYO" in texts
    push(match, 0, "BOGYO")  # switches first, so the IPPON chance is gone; BOGYO blocks the TSUKI
    assert state(match).ippons == (0, 0)
    assert "SwitchedAndPicked" in event_names(match)
    assert match.to_act() == (0,) and state(match).phase is Phase.START


def test_seme_neutralised_leaves_the_red_cards_attack_to_answer() -> None:
    match = play(*SEME_WITH_RED, "Ben: SEME")
    pending = state(match).pending
    assert pending is not None and pending.threat is Threat.ATTACK and pending.target == "DO"
    assert match.to_act() == (1,)
    push(match, 1, "DO>MEN")  # same turn: no second switch-and-pick
    assert "SwitchedAndPicked" not in event_names(match)


def test_seme_alone_opens_a_round_and_neutralised_its_player_starts_again() -> None:
    match = play("Aiko: SEME", "Ben: FUDOSHIN")
    assert state(match).phase is Phase.START and match.to_act() == (0,)


def test_mushin_red_seme_is_answered_as_seme_alone() -> None:
    match = play("Aiko: MEN", "Ben: MEN>KOTE", "Aiko: MEN>TSUKI + MUSHIN + SEME")
    pending = state(match).pending
    assert pending is not None and pending.threat is Threat.SEME and pending.follow is None
    assert legal_texts(match) == {"MEN", "KOTE", "DO", "TSUKI", "SEME", "FUDOSHIN", "no answer"}
    neutralised = play("Aiko: MEN", "Ben: MEN>KOTE", "Aiko: MEN>TSUKI + MUSHIN + SEME", "Ben: SEME")
    assert neutralised.to_act() == (1,) and state(neutralised).phase is Phase.START  # KSD3


def test_red_with_seme_answers_only_a_red_cards_attack() -> None:
    with pytest.raises(IllegalAction) as raised:
        push(play("Aiko: MEN"), 1, "MEN>KOTE + SEME")
    assert raised.value.ruling == "KT2 I.3c"


JODAN = ("Aiko: DO + JODAN NO KAMAE",)


def test_jodan_no_kamae_must_be_neutralised_before_the_brown_card() -> None:
    match = play(*JODAN)
    answers = legal_texts(match)
    counters = {f"DO>{strike} + TAI-JODAN" for strike in ("MEN", "KOTE", "DO", "TSUKI")}
    assert {"JODAN NO KAMAE", "FUDOSHIN", "DO + TAI-JODAN", "no answer"} | counters == answers
    with pytest.raises(IllegalAction) as raised:
        push(match, 1, "BOGYO")
    assert raised.value.ruling == "KT2 I.3k" and "no effect" in raised.value.reason


def test_neutralised_jodan_leaves_the_brown_attack_for_the_same_player() -> None:
    match = play(*JODAN, "Ben: JODAN NO KAMAE")
    pending = state(match).pending
    assert pending is not None and pending.threat is Threat.ATTACK and pending.target == "DO"
    assert match.to_act() == (1,)
    push(match, 1, "BOGYO")  # BOGYO works on the brown card once JODAN is gone
    assert match.to_act() == (1,) and state(match).phase is Phase.START


def test_tai_jodan_with_an_appropriate_red_neutralises_and_counterattacks() -> None:
    match = play(*JODAN, "Ben: DO>TSUKI + TAI-JODAN")
    pending = state(match).pending
    assert pending is not None and pending.target == "TSUKI" and match.to_act() == (0,)


def test_unneutralised_jodan_costs_two_unseen_cards_and_the_victim_starts() -> None:
    match = play(*JODAN)
    hand = state(match).hands[1]
    push(match, 1, "no answer")
    assert state(match).hands[1] == hand + 1 - 2
    assert match.to_act() == (1,) and state(match).phase is Phase.START
    assert state(match).ippons == (0, 0)


def test_kaihi_suru_avoids_oshidashi() -> None:
    match = play("Aiko: OSHIDASHI")
    assert legal_texts(match) == {"KAIHI SURU", "no answer"}
    push(match, 1, "KAIHI SURU")
    assert state(match).hansoku == (0, 0) and match.to_act() == (1,)  # KSD2: the defender starts


def test_no_kaihi_suru_against_oshidashi_is_hansoku_and_the_offender_starts() -> None:
    match = play("Aiko: OSHIDASHI", "Ben: no answer")
    assert state(match).hansoku == (0, 1)
    assert "HansokuGiven" in event_names(match)
    assert match.to_act() == (1,)


def test_no_tsuyoi_kamae_against_maki_waza_is_hansoku() -> None:
    match = play("Aiko: MAKI WAZA")
    assert legal_texts(match) == {"TSUYOI KAMAE", "no answer"}
    with pytest.raises(IllegalAction) as raised:
        push(match, 1, "KAIHI SURU")
    assert raised.value.ruling == "S4"
    push(match, 1, "no answer")
    assert state(match).hansoku == (0, 1)


def test_tai_jodan_with_a_brown_card_follows_the_brown_answers_brown_option() -> None:
    # The same brown-answers-brown exchange, with or without JODAN NO KAMAE, gives the same starter (S2).
    options = {"brown-answers-brown": "answerer-starts"}
    with_tai_jodan = play("Aiko: MEN + JODAN NO KAMAE", "Ben: MEN + TAI-JODAN", options=options)
    neutralised_first = play("Aiko: MEN + JODAN NO KAMAE", "Ben: JODAN NO KAMAE", "Ben: MEN", options=options)
    assert with_tai_jodan.to_act() == neutralised_first.to_act() == (1,)
    assert play("Aiko: MEN + JODAN NO KAMAE", "Ben: MEN + TAI-JODAN").to_act() == (0,)
