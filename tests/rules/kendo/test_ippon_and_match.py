"""IPPON (S3), HANSOKU (S4), topping up, the loser starting, JIKAN DESU and ENCHO (S7), the end."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction, RecordError
from companion.rules.kendo_shiai.state import Phase
from tests.rules.kendo.helpers import event_names, legal_texts, play, state


def push(match, seat: int, text: str) -> None:  # type: ignore[no-untyped-def]
    match.push(match.ruleset.parse_action(seat, text))


# Aiko scores: Ben has no answer to her MEN.
AIKO_SCORES = ("Aiko: MEN", "Ben: no answer")
# Then Ben starts (he conceded) and Aiko has no answer.
BEN_SCORES = ("Ben: KOTE", "Aiko: no answer")


def test_no_answer_is_ippon_and_hands_are_topped_up_to_six() -> None:
    match = play("Aiko: MEN")
    ruleset = match.ruleset
    short_hands = state(match).evolve(hands=(2, 3))
    after, events = ruleset.apply(short_hands, ruleset.parse_action(1, "no answer"))
    assert after.ippons == (1, 0)
    assert [e.name for e in events] == ["SwitchedAndPicked", "IpponAwarded", "HandsToppedUp", "ExchangeEnded"]
    assert after.hands == (6, 6)
    assert after.turn == 1 and after.phase is Phase.START  # the loser of the point starts (S3)


def test_after_an_ippon_the_conceder_who_switched_that_round_may_not_switch_again() -> None:
    match = play(*AIKO_SCORES)
    assert match.to_act() == (1,) and state(match).switch_barred
    hand = state(match).hands[1]
    push(match, 1, "DO")
    assert "SwitchedAndPicked" not in event_names(match)
    assert state(match).hands[1] == hand - 1


def test_two_ippons_win_the_match_and_nothing_more_can_be_played() -> None:
    match = play(*AIKO_SCORES, "Ben: DO", "Aiko: DO>MEN", "Ben: no answer")
    assert state(match).ippons == (2, 0)
    outcome = match.outcome()
    assert outcome.finished and outcome.winners == (0,)
    assert "MatchWon" in event_names(match)
    assert match.legal_responses() == []
    with pytest.raises(IllegalAction):
        push(match, 1, "MEN")


def test_a_second_hansoku_becomes_an_ippon_and_hansoku_returns_to_zero() -> None:
    match = play("Aiko: OSHIDASHI", "Ben: no answer", "Ben: MEN", "Aiko: BOGYO", "Aiko: MAKI WAZA",
                 "Ben: no answer")
    assert state(match).hansoku == (0, 0)
    assert state(match).ippons == (1, 0)
    names = event_names(match)
    assert names.index("HansokuGiven") < names.index("IpponAwarded")
    assert match.to_act() == (1,)


def test_no_card_to_start_a_round_is_one_hansoku_then_pick_and_drop_until_he_can() -> None:
    match = play("Aiko: no answer")
    assert state(match).hansoku == (1, 0) and match.to_act() == (0,)
    assert "BrownPickedAndDropped" in event_names(match)
    push(match, 0, "no answer")
    assert state(match).hansoku == (1, 0)  # repeating pick-and-drop costs no new HANSOKU
    push(match, 0, "KOTE")
    assert state(match).phase is Phase.ANSWER


def test_jikan_desu_is_allowed_only_at_one_nil_to_its_player_or_one_all() -> None:
    assert "JIKAN DESU" not in legal_texts(play())
    one_nil_for_ben = play(*AIKO_SCORES)  # Ben to start, 0:1 against him
    assert "JIKAN DESU" not in legal_texts(one_nil_for_ben)
    with pytest.raises(IllegalAction) as raised:
        push(one_nil_for_ben, 1, "JIKAN DESU")
    assert raised.value.ruling == "S7"


def _aiko_leads_and_starts() -> tuple[str, ...]:
    # Aiko scores; Ben starts and gets an OSHIDASHI-free exchange that Aiko ends with BOGYO, so she starts.
    return (*AIKO_SCORES, "Ben: MEN", "Aiko: BOGYO")


def test_jikan_desu_at_one_nil_ends_the_match_if_the_opponent_scores_nothing_that_round() -> None:
    match = play(*_aiko_leads_and_starts(), "Aiko: JIKAN DESU")
    assert match.to_act() == (1,) and state(match).jikan_watch == 0
    assert not match.outcome().finished
    push(match, 1, "MEN")
    push(match, 0, "BOGYO")  # the round ends without Ben's IPPON
    outcome = match.outcome()
    assert outcome.finished and outcome.winners == (0,) and "JIKAN DESU" in outcome.reason


def test_jikan_desu_at_one_nil_goes_on_when_the_opponent_scores_in_time() -> None:
    match = play(*_aiko_leads_and_starts(), "Aiko: JIKAN DESU", "Ben: MEN", "Aiko: no answer")
    assert state(match).ippons == (1, 1)
    assert not match.outcome().finished and state(match).jikan_watch is None


def test_jikan_desu_at_one_all_starts_encho_where_the_next_ippon_wins() -> None:
    level = (*AIKO_SCORES, "Ben: KOTE", "Aiko: no answer")  # 1:1, Aiko conceded so she starts
    match = play(*level, "Aiko: OSHIDASHI", "Ben: no answer", "Ben: DO", "Aiko: BOGYO")
    assert state(match).ippons == (1, 1) and state(match).hansoku == (0, 1)
    push(match, 0, "JIKAN DESU")
    assert state(match).encho and state(match).hands == (5, 5) and state(match).hansoku == (0, 0)
    assert "EnchoBegan" in event_names(match) and match.to_act() == (0,)
    assert "JIKAN DESU" not in legal_texts(match)  # cannot be used again
    push(match, 0, "TSUKI")
    push(match, 1, "no answer")
    outcome = match.outcome()
    assert outcome.finished and outcome.winners == (0,) and state(match).ippons == (2, 1)


def test_an_unknown_card_name_suggests_the_nearest_names() -> None:
    with pytest.raises(RecordError) as raised:
        play("Aiko: MAKI WAZZA")
    assert "line 7" in str(raised.value) and "MAKI WAZA" in str(raised.value)


def test_a_malformed_line_names_its_number() -> None:
    with pytest.raises(RecordError, match="line 7: 'just words' is not 'Player: action'"):
        play("just words")
    with pytest.raises(RecordError, match="no player called 'Carol'"):
        play("Carol: MEN")


def test_a_neutralised_opening_seme_does_not_end_the_jikan_desu_round() -> None:
    # S5: "as if SEME had not been played": Ben still has his round to score in (S7).
    match = play(*_aiko_leads_and_starts(), "Aiko: JIKAN DESU", "Ben: SEME", "Aiko: SEME")
    assert not match.outcome().finished
    assert match.to_act() == (1,) and state(match).phase is Phase.START
    hand = state(match).hands[1]
    push(match, 1, "KOTE")  # his switch-and-pick for this round was already made before the SEME
    assert "SwitchedAndPicked" not in event_names(match) and state(match).hands[1] == hand - 1


def test_answers_under_jikan_desu_say_that_ending_the_round_ends_the_match() -> None:
    match = play(*_aiko_leads_and_starts(), "Aiko: JIKAN DESU", "Ben: OSHIDASHI")
    responses = {match.ruleset.format_action(r.action): r.consequence for r in match.legal_responses()}
    assert "ends the match 1:0" in responses["KAIHI SURU"]
    assert "ends the match 1:0" in responses["no answer"]
    push(match, 0, "KAIHI SURU")
    assert match.outcome().finished and match.outcome().winners == (0,)
