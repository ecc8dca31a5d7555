"""Answering an attack: brown, red, MUSHIN, TSUBAZERIAI, FUDOSHIN, BOGYO (S1, S2, S6, KT2 I)."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.kendo_shiai.state import Phase, Threat
from tests.rules.kendo.helpers import event_names, legal_texts, play, state


def push(match, seat: int, text: str) -> None:  # type: ignore[no-untyped-def]
    match.push(match.ruleset.parse_action(seat, text))


def test_an_appropriate_red_card_receives_the_attack_and_strikes_back() -> None:
    match = play("Aiko: MEN", "Ben: MEN>KOTE")
    pending = state(match).pending
    assert pending is not None and pending.threat is Threat.ATTACK and pending.target == "KOTE"
    assert match.to_act() == (0,)


def test_a_red_card_that_does_not_receive_the_attack_is_refused_with_s1() -> None:
    match = play("Aiko: MEN")
    before = match.state
    with pytest.raises(IllegalAction) as raised:
        push(match, 1, "KOTE>MEN")
    assert raised.value.ruling == "S1" and "MUSHIN" in raised.value.reason
    assert match.state == before


def test_mushin_makes_any_red_card_appropriate() -> None:
    match = play("Aiko: MEN", "Ben: KOTE>DO + MUSHIN")
    assert state(match).pending is not None and state(match).pending.target == "DO"


def test_a_brown_answering_a_red_ends_the_exchange_and_the_red_player_starts() -> None:
    match = play("Aiko: MEN", "Ben: MEN>KOTE", "Aiko: KOTE")
    assert state(match).phase is Phase.START
    assert match.to_act() == (1,)
    assert "ExchangeEnded" in event_names(match)


def test_a_brown_answering_a_brown_lets_the_attacker_start_by_s2_or_the_answerer_by_option() -> None:
    assert play("Aiko: DO", "Ben: DO").to_act() == (0,)
    optioned = play("Aiko: DO", "Ben: DO", options={"brown-answers-brown": "answerer-starts"})
    assert optioned.to_act() == (1,)
    assert optioned.setup.option("brown-answers-brown", "") == "answerer-starts"


def test_a_brown_must_meet_its_own_target_and_hiki_waza_never_goes_alone() -> None:
    match = play("Aiko: MEN")
    with pytest.raises(IllegalAction) as wrong_target:
        push(match, 1, "KOTE")
    assert wrong_target.value.ruling == "S1"
    with pytest.raises(IllegalAction) as hiki:
        push(match, 1, "HIKI-MEN")
    assert hiki.value.ruling == "S2"


def test_bogyo_blocks_and_its_player_starts_without_switch_and_pick() -> None:
    match = play("Aiko: TSUKI", "Ben: BOGYO")
    assert match.to_act() == (1,) and state(match).phase is Phase.START
    hands_before = state(match).hands
    push(match, 1, "MEN")
    assert "SwitchedAndPicked" not in event_names(match)
    assert state(match).hands == (hands_before[0], hands_before[1] - 1)


def test_red_with_tsubazeriai_answers_a_red_card_and_its_player_chooses_who_starts() -> None:
    keep = play("Aiko: MEN", "Ben: MEN>KOTE", "Aiko: KOTE>DO + TSUBAZERIAI, keep")
    assert keep.to_act() == (0,) and state(keep).phase is Phase.START
    give = play("Aiko: MEN", "Ben: MEN>KOTE", "Aiko: KOTE>DO + TSUBAZERIAI, give")
    assert give.to_act() == (1,)
    # Keep means "starts a new round along with switching and picking".
    push(keep, 0, "DO")
    assert "SwitchedAndPicked" in event_names(keep)


def test_tsubazeriai_with_a_red_card_does_not_answer_a_brown_attack() -> None:
    match = play("Aiko: MEN")
    with pytest.raises(IllegalAction) as raised:
        push(match, 1, "MEN>KOTE + TSUBAZERIAI, keep")
    assert raised.value.ruling == "KT2 I.3a"
    with pytest.raises(IllegalAction, match="keep"):
        push(play("Aiko: MEN", "Ben: MEN>KOTE"), 0, "KOTE>DO + TSUBAZERIAI")


def test_hiki_waza_with_tsubazeriai_answers_any_red_card_and_the_round_goes_on() -> None:
    match = play("Aiko: MEN", "Ben: MEN>TSUKI", "Aiko: HIKI-DO + TSUBAZERIAI")
    pending = state(match).pending
    assert pending is not None and pending.target == "DO" and match.to_act() == (1,)
    assert state(match).phase is Phase.ANSWER


def test_red_with_fudoshin_costs_the_opponent_two_cards_and_he_starts() -> None:
    match = play("Aiko: KOTE", "Ben: KOTE>MEN + FUDOSHIN")
    assert state(match).pending is not None and state(match).pending.threat is Threat.FUDOSHIN
    hand = state(match).hands[0]
    push(match, 0, "no answer")
    assert state(match).hands[0] == hand + 1 - 2  # switch-and-pick, then two cards thrown away
    assert match.to_act() == (0,) and state(match).phase is Phase.START


def test_fudoshin_alone_neutralises_fudoshin_and_nothing_is_lost() -> None:
    match = play("Aiko: KOTE", "Ben: KOTE>MEN + FUDOSHIN", "Aiko: FUDOSHIN")
    assert "CardsLost" not in event_names(match)
    assert match.to_act() == (0,) and state(match).phase is Phase.START


def test_fudoshin_needs_an_appropriate_red_card() -> None:
    with pytest.raises(IllegalAction) as raised:
        push(play("Aiko: KOTE"), 1, "MEN>MEN + FUDOSHIN")
    assert raised.value.ruling == "S1"


@pytest.mark.parametrize(
    ("text", "ruling"),
    [
        ("KAIHI SURU", "KT2 I.3h"),
        ("TSUYOI KAMAE", "KT2 I.3g"),
        ("TAI-JODAN + MEN", "KT2 I.3l"),
        ("JODAN NO KAMAE", "KT2 I.3k"),
        ("SEME", "KT2 I.3c"),
        ("FUDOSHIN", "KT2 I.3d"),
        ("BOGYO + MEN>MEN", "KT2 I.3f"),
        ("OSHIDASHI", "KT2 I.3i"),
    ],
)
def test_cards_that_cannot_answer_a_basic_attack(text: str, ruling: str) -> None:
    match = play("Aiko: MEN")
    with pytest.raises(IllegalAction) as raised:
        push(match, 1, text)
    assert raised.value.ruling == ruling


def test_legal_answers_list_singles_and_pairs_with_rulings_and_no_answer() -> None:
    match = play("Aiko: MEN", "Ben: MEN>KOTE")
    responses = {match.ruleset.format_action(r.action): r for r in match.legal_responses()}
    expected = {
        "KOTE",  # brown on the red's KOTE
        "KOTE>MEN", "KOTE>KOTE", "KOTE>DO", "KOTE>TSUKI",
        "BOGYO",
        "DO>TSUKI + MUSHIN",
        "KOTE>DO + TSUBAZERIAI, keep", "KOTE>DO + TSUBAZERIAI, give",
        "HIKI-MEN + TSUBAZERIAI",
        "KOTE>MEN + FUDOSHIN",
        "KOTE>MEN + SEME",
        "MEN>MEN + MUSHIN + SEME",
        "no answer",
    }
    assert expected <= set(responses)
    assert "MEN" not in responses and "MEN>KOTE" not in responses and "MEN>KOTE + SEME" not in responses
    assert responses["no answer"].consequence == "IPPON to the opponent"
    assert responses["no answer"].ruling == "S3"
    assert responses["KOTE>DO"].ruling == "S1"
    assert all(r.why for r in responses.values())


def test_explain_gives_the_ruling_for_legal_and_illegal_actions() -> None:
    match = play("Aiko: MEN")
    ruleset = match.ruleset
    legal = ruleset.explain(match.state, ruleset.parse_action(1, "BOGYO"))
    assert legal.legal and legal.ruling == "KT2 I.3f"
    illegal = ruleset.explain(match.state, ruleset.parse_action(1, "TSUKI"))
    assert not illegal.legal and illegal.ruling == "S1" and "TSUKI" in illegal.text


def test_a_play_needs_the_cards_in_hand() -> None:
    match = play("Aiko: MEN")
    short = state(match).evolve(hands=(8, 0))
    ruleset = match.ruleset
    # With an empty hand there is nothing to switch, so a pair cannot be there.
    with pytest.raises(IllegalAction, match="only 0 card"):
        ruleset.apply(short, ruleset.parse_action(1, "DO>TSUKI + MUSHIN"))
    assert legal_texts_of(ruleset, short) == {"no answer"}


def legal_texts_of(ruleset, state_):  # type: ignore[no-untyped-def]
    return {ruleset.format_action(r.action) for r in ruleset.legal_responses(state_)}


def test_legal_texts_follow_the_table() -> None:
    assert "KOTE" not in legal_texts(play("Aiko: MEN"))
    assert "MEN" in legal_texts(play("Aiko: MEN"))


def test_the_fast_candidate_list_never_misses_a_legal_play() -> None:
    """legal_responses narrows the search by the moment; every combination must agree with it."""
    import random

    from companion.rules.kendo_shiai.legal import candidate_plays, responses_among

    match = play()
    ruleset = match.ruleset
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        current = play()
        while not current.outcome().finished and checked < 4000:
            fast = {r.action for r in current.legal_responses()}
            full = {r.action for r in responses_among(state(current), candidate_plays())}
            if state(current).phase is not Phase.OFFER:
                assert fast == full, ruleset.summary(state(current), current.setup)
            checked += 1
            current.push(rng.choice(current.legal_responses()).action)
    assert checked > 1000
