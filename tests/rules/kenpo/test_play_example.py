"""The rulebook's play example (Cullam and Adam), replayed from its record file: points after each
turn, the Break, and what Adam may do after it (K4, K5, K8, K9)."""

from __future__ import annotations

from companion.rules.kenpo.geometry import START
from companion.rules.kenpo.state import BreakCalled, Phase, PointsScored, Rest
from companion.rules.match import Match
from tests.rules.kenpo.helpers import events_of, legal_texts, load, refused, scores, state, state_after


def test_points_after_each_turn_match_the_rulebook() -> None:
    match = load("play-example.shinpan")
    assert scores(match, 4) == (0, 0)  # Cullam's attacks wait for the end of Adam's turn (K5)
    assert scores(match, 7) == (2, 0)  # Front Kick 2 on the angle; the blocked Jab 0 (K9)
    assert scores(match, 10) == (6, 2)  # the Break: Round Kick 2, Spinning Backfist 2 + Hand Fake 2


def test_adam_turn_resolves_cullam_cards_from_the_new_angle() -> None:
    match = load("play-example.shinpan")
    scored = [e for e in match.steps[6].events if isinstance(e, PointsScored)]
    assert [(e.seat, e.card, e.points) for e in scored] == [(0, "front-kick", 2)]
    after = state_after(match, 7)
    assert after.squares == ((1, 1), (0, 2))
    assert [p.card for p in after.pending] == ["round-kick"]  # the Block resolved; the kick waits


def test_the_break_is_called_when_spinning_backfist_steps_beside_adam() -> None:
    match = load("play-example.shinpan")
    assert "BreakCalled" not in events_of(match, 8)  # Hand Fake alone does not move
    breaks = [e for e in match.steps[8].events if isinstance(e, BreakCalled)]
    assert len(breaks) == 1 and breaks[0].is_trigger and breaks[0].ruling == "K4"
    assert state_after(match, 9).phase is Phase.BREAK
    at_break = Match(match.setup, match.actions[:9])
    assert legal_texts(at_break) == {"end"}  # no more cards this turn (K4)


def test_after_the_break_both_reset_each_draws_and_adam_may_not_rest() -> None:
    match = load("play-example.shinpan")
    final = state(match)
    assert final.squares == (START["yellow"], START["red"])
    # Cullam played 4 cards and Adam 2 from hands of 8; each drew one at the Break.
    assert final.hands == (5, 7)
    assert final.decks == (17, 17)
    assert match.to_act() == (1,)  # Adam would have had the next turn: he has it
    assert "rest" not in legal_texts(match)
    error = refused(match, "Adam", "rest")
    assert error.ruling == "K4"


def test_adam_must_play_an_action_card_after_the_break() -> None:
    match = load("play-example.shinpan")
    match.push(match.ruleset.parse_action(1, "Hand Fake"))
    error = refused(match, "Adam", "end")
    assert error.ruling == "KPD5"
    assert not any(isinstance(r.action, Rest) for r in match.legal_responses())


def test_a_hand_fake_scores_nothing_itself() -> None:
    """FAQ: 'Do I get points for a Hand Fake? No, it makes your next attack worth bonus points.'"""
    match = load("play-example.shinpan")
    scored = [e for e in match.events if isinstance(e, PointsScored)]
    assert "hand-fake" not in {e.card for e in scored}
    backfist = next(e for e in scored if e.card == "spinning-backfist")
    assert backfist.points == 4 and "Hand Fake" in backfist.detail
