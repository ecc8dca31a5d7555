"""Setup and phases (T4, T6), Events (T5), Recovery (T16), effects and adjustments (T7), the end (T1, T23, T24)."""

from __future__ import annotations

from companion.rules.martial_arts_tcg.state import CardCancelled, HealthGone, Phase, RecoveryPhase
from companion.rules.model import MatchDrawn, MatchWon
from tests.rules.martial_arts_tcg.helpers import START, match, player, push, refused


def test_t6_setup_shuffle_and_seven_each_then_who_starts_is_recorded() -> None:
    played = match()
    assert played.to_act() == (0, 1) and played.state.phase is Phase.SETUP
    assert refused(played, "Ben: starts").ruling == "T6"
    push(played, "Ben: shuffle")
    push(played, "Ann: shuffle")
    assert player(played, "Ann")["hand"] == 7 and player(played, "Ann")["deck"] == 51
    assert player(played, "Ben")["hand"] == 7 and player(played, "Ben")["deck"] == 46
    push(played, "Ben: starts")
    summary = played.summary()
    assert summary["turn"] == "Ben" and summary["phase"] == "prep" and summary["turn_number"] == 1


def test_t4_no_draw_on_the_first_turn_then_three_for_the_player_and_two_for_the_other() -> None:
    played = match(*START)
    assert player(played, "Ann")["hand"] == 7  # first turn: nobody draws
    push(played, "Ann: end")
    assert player(played, "Ben")["hand"] == 10 and player(played, "Ann")["hand"] == 9
    assert played.summary()["turn"] == "Ben"


def test_the_phases_of_a_turn_in_order() -> None:
    played = match(*START)
    phases = [played.summary()["phase"]]
    for line in ("Ann: attack Practice Jab", "Ben: no block", "Ann: resolve", "Ann: play Practice Rainstorm",
                 "Ann: end"):
        push(played, line)
        phases.append(played.summary()["phase"])
    assert phases == ["prep", "block", "continued-attack", "resolve", "resolve", "prep"]
    assert refused(match(*START, "Ann: resolve"), "Ann: attack Practice Jab").ruling == "T8"
    assert refused(match(*START), "Ben: attack Example Palm Strike").ruling == "T8"


def test_t5_one_event_per_player_replaced_only_by_its_owner() -> None:
    played = match(*START, "Ann: play Practice Rainstorm", "Ann: end", "Ben: play Example Fog")
    assert player(played, "Ann")["event"] == "Practice Rainstorm" and player(played, "Ben")["event"] == "Example Fog"
    push(played, "Ben: end")
    error = refused(played, "Ann: play Practice Festival replacing Example Fog")
    assert error.ruling == "T5" and "Example Fog is Ben's Event: only its owner replaces it" in error.reason
    discards = player(played, "Ann")["discard"]
    push(played, "Ann: play Practice Festival replacing Practice Rainstorm")
    assert player(played, "Ann")["event"] == "Practice Festival" and player(played, "Ben")["event"] == "Example Fog"
    assert player(played, "Ann")["discard"] == discards + 1  # the replaced Event goes to the discard area


def test_t5_an_event_affects_both_players_and_only_in_prep_or_resolve() -> None:
    played = match(*START, "Ann: play Practice Rainstorm")  # discard 1, both
    assert player(played, "Ann")["hand"] == 5 and player(played, "Ben")["hand"] == 6
    played = match(*START, "Ann: attack Practice Jab")
    assert refused(played, "Ben: play Example Fog").ruling == "T1"  # not a Strategy card in the Block Phase


def test_t6_a_fifth_copy_or_a_card_not_in_the_deck_is_refused() -> None:
    played = match(*START, "Ann: play Practice Festival", "Ann: end", "Ben: end")
    error = refused(played, "Ann: play Practice Festival")  # one copy in the deck, and it is in play
    assert error.ruling == "T6" and "all 1 copies of Practice Festival" in error.reason
    error = refused(played, "Ann: attack Tiger Claw")
    assert error.ruling == "T7" and "not a card of Ann's deck" in error.reason
    error = refused(played, "Ann: attack Practice Staff")  # a Weapon: sideboard only in Normal play
    assert error.ruling == "T6" and "only in Anything Goes" in error.reason
    anything = match(*START, "Ann: attack Practice Staff", options={"mode": "anything-goes"})
    assert anything.state.attack is not None


def test_t6_copies_come_back_after_a_reshuffle_but_counts_stay_exact() -> None:
    played = match(*START)
    for _ in range(4):
        push(played, "Ann: attack Practice Jab")
        push(played, "Ben: block Example Wing Block")
    assert refused(played, "Ann: attack Practice Jab").ruling == "T6"
    summary = player(played, "Ann")
    assert (summary["hand"], summary["deck"], summary["discard"]) == (3, 51, 4)
    assert "Practice Jab" not in str(played.summary()["players"])  # hands and discards are never listed


def test_t16_a_deck_that_runs_out_skips_a_turn_and_reshuffles() -> None:
    played = match(*START, "Ann: adjust draw 52 by Practice Focus")  # 51 left: one owed
    assert player(played, "Ann")["deck"] == 0 and player(played, "Ann")["skips_next_turn"]
    push(played, "Ann: attack Practice Jab")
    push(played, "Ben: block Example Wing Block")
    push(played, "Ann: end")
    push(played, "Ben: end")  # Ann's turn: the Recovery Phase
    assert played.summary()["phase"] == "recovery" and played.to_act() == (0,)
    assert refused(played, "Ann: attack Practice Jab").ruling == "T16"
    hand = player(played, "Ann")["hand"]
    push(played, "Ann: shuffle")
    assert any(isinstance(e, RecoveryPhase) for e in played.steps[-1].events)
    summary = player(played, "Ann")
    # one discard became the deck; the owed card came from it; then Ben's turn drew Ann 2 from an empty deck
    assert summary["hand"] == hand + 1 and summary["deck"] == 0 and summary["skips_next_turn"]
    assert played.summary()["turn"] == "Ben"


def test_t16_with_no_discards_the_skipped_turn_passes_at_once() -> None:
    played = match(*START, "Ann: adjust draw 60 by Practice Focus", "Ann: end", "Ben: end")
    assert played.summary()["turn"] == "Ben" and played.summary()["turn_number"] == 3
    assert player(played, "Ann")["skips_next_turn"] and player(played, "Ann")["deck"] == 0  # ran out again


def test_t7_declared_effects_apply_by_themselves() -> None:
    played = match(*START, "Ann: attack Practice Knee", "Ben: no block")  # draw 1 on hit
    assert player(played, "Ann")["hand"] == 7
    played = match(*START, "Ann: end", "Ben: attack Example Sweep", "Ann: no block")  # discard 1 opponent on hit
    assert player(played, "Ann")["hand"] == 8


def test_t7_an_armed_cancel_takes_the_opponents_next_card_and_its_adr_stays_spent() -> None:
    played = match(*START, "Ann: adjust adr +2 by Practice Feint", "Ann: play Practice Feint",
                   "Ann: attack Practice Jab", "Ben: block Example Wing Block")
    assert any(isinstance(e, CardCancelled) for e in played.steps[-1].events)
    assert played.state.phase is Phase.BLOCK  # the cancelled block did nothing: Ben may block again
    push(played, "Ben: no block")
    assert player(played, "Ben")["health"] == 28


def test_faq_a_strategy_card_cancelled_right_after_it_is_played_keeps_its_adr_spent() -> None:
    played = match(*START, "Ann: adjust adr +1 by Practice Focus", "Ben: adjust adr +2 by Example Misdirection",
                   "Ann: play Practice Focus")
    assert played.to_act() == (0, 1) and player(played, "Ann")["hand"] == 8
    push(played, "Ben: play Example Misdirection")
    ann = player(played, "Ann")
    assert ann["hand"] == 6 and ann["adr"] == 0 and ann["discard"] == 1  # no draw; ADR stays spent (T3)
    assert player(played, "Ben")["adr"] == 0 and not ann["next_card_cancelled"]


def test_t7_adjustments_name_their_card_and_undo_like_any_action() -> None:
    played = match(*START, "Ann: adjust damage 4 opponent by Practice Roundhouse")
    assert player(played, "Ben")["health"] == 26
    explained = played.ruleset.explain(played.state, played.actions[-1])
    assert explained.ruling == "T7"
    played.undo()
    assert player(played, "Ben")["health"] == 30
    assert refused(played, "Ann: adjust damage 4 opponent by Example Crane Kick").ruling == "T7"


def test_t23_healing_never_goes_above_thirty() -> None:
    played = match(*START, "Ann: adjust heal 5 by Practice Breath")
    assert player(played, "Ann")["health"] == 30


def test_t1_health_zero_ends_the_match_with_triggers() -> None:
    played = match(*START, "Ann: adjust damage 28 opponent by Practice Roundhouse", "Ann: attack Practice Cross",
                   "Ben: no block")
    events = played.steps[-1].events
    assert [type(e) for e in events if e.is_trigger] == [HealthGone, MatchWon]
    assert played.outcome().winners == (0,) and played.legal_responses() == []
    assert played.summary()["outcome"]["reason"] == "Ben's health fell to -1"


def test_t24_both_at_zero_at_once_is_a_draw() -> None:
    played = match(*START, "Ann: end", "Ben: adjust damage 29 both by Example Mountain Wind",
                   "Ben: play Example Mountain Wind")
    assert any(isinstance(e, MatchDrawn) for e in played.steps[-1].events)
    assert played.outcome().draw
