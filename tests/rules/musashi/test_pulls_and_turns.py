"""Blind pulls (M2, M7, M9), who attacks next (rule 7, M3, M5) and rule 9's switch for a brown card."""

from __future__ import annotations

from companion.rules.musashi.state import Phase
from tests.rules.musashi.helpers import drain_many, hands, legal_texts, play, push, refused, state


def test_m2_an_unanswered_basic_attack_costs_two_cards_taken_blind() -> None:
    match = play(2, "Ann: KOTE at Ben", "Ben: no answer")
    assert state(match).phase is Phase.PULL and match.to_act() == (0,)
    assert legal_texts(match) == {"pull 2"}
    push(match, "Ann: pull 2")
    assert hands(match) == {"Ann": 13, "Ben": 10}


def test_m2_an_unanswered_oshidashi_or_maki_waza_costs_one() -> None:
    match = play(2, "Ann: MAKI WAZA at Ben", "Ben: no answer", "Ann: pull 1")
    assert hands(match) == {"Ann": 12, "Ben": 11}


def test_a_pull_of_more_cards_than_the_hand_holds_or_of_the_wrong_count_is_refused() -> None:
    match = play(2, "Ann: KOTE at Ben", "Ben: no answer")
    error = refused(match, "Ann: pull 13")
    assert error.ruling == "M7" and "holds only 12" in error.reason
    assert refused(match, "Ann: pull 1").ruling == "M2"
    assert refused(match, "Ann: pull 2: MEN").ruling == "M2"  # name all the pulled cards or none


def test_the_record_may_name_the_pulled_cards() -> None:
    match = play(2, "Ann: KOTE at Ben", "Ben: no answer", "Ann: pull 2: MEN>KOTE, SEME")
    pulled = next(e for e in match.steps[-1].events if e.name == "CardsPulled")
    assert pulled.cards == ("men-kote", "seme")  # type: ignore[attr-defined]
    assert match.ruleset.format_action(match.actions[-1]) == "pull 2: MEN>KOTE, SEME"


def test_m9_the_strengthening_pull_does_not_end_the_exchange() -> None:
    match = play(3, "Ann: KOTE + SEME at Ben", "Ben: no answer", "Ann: pull 1")
    assert hands(match) == {"Ann": 11, "Ben": 11, "Cal": 12}
    attack = state(match).attack
    assert state(match).phase is Phase.ANSWER and attack is not None and attack.strengthening is None
    push(match, "Ben: KOTE>DO at Cal")  # the basic attack is still answered, and how decides who goes next
    assert match.to_act() == (2,)


def test_rule_7_with_2_or_3_players_the_player_who_lost_cards_attacks_anyone() -> None:
    match = play(3, "Ann: KOTE at Ben", "Ben: no answer", "Ann: pull 2")
    assert match.to_act() == (1,) and state(match).phase is Phase.ATTACK
    assert {"MEN at Ann", "MEN at Cal"} <= legal_texts(match)


def test_rule_7_with_4_to_6_players_the_taker_attacks_but_not_the_player_he_took_from() -> None:
    match = play(5, "Ann: KOTE at Ben", "Ben: no answer", "Ann: pull 2")
    assert match.to_act() == (0,)
    error = refused(match, "Ann: MEN at Ben")
    assert error.ruling == "KT1 7" and "took cards from Ben" in error.reason
    assert "MEN at Ben" not in legal_texts(match) and "MEN at Eve" in legal_texts(match)


def test_a_devolved_attack_pays_the_player_who_devolved_it() -> None:
    match = play(4, "Ann: KOTE at Ben", "Ben: FUDOSHIN at Cal", "Cal: no answer")
    assert match.to_act() == (1,)  # Ben became the attacker (KT1 6c)
    push(match, "Ben: pull 2")
    assert hands(match) == {"Ann": 11, "Ben": 13, "Cal": 10, "Dee": 12}
    assert match.to_act() == (1,)


def test_m5_a_four_player_game_with_one_out_plays_on_as_a_three_player_game() -> None:
    lines = drain_many("Dee", "Ann", "Ben", 6)
    match = play(4, *lines, "Ann: MEN at Ben", "Ben: MEN>KOTE at Dee", "Dee: no answer")
    assert state(match).dropped == (3,)
    push(match, "Ben: bonus brown")
    push(match, "Ben: KOTE at Ann")
    push(match, "Ann: KOTE>MEN at Ben")  # with 3 players in, straight back is allowed again (M5)
    push(match, "Ben: no answer")
    push(match, "Ann: pull 2")
    assert match.to_act() == (1,)  # 3 in now: the loser attacks (KT1 7, M5)


def test_rule_9_a_player_with_no_attacking_card_switches_one_for_a_brown() -> None:
    match = play(2)
    decks = dict(match.summary()["decks"])
    push(match, "Ann: switch red for brown")
    assert match.summary()["decks"] == {"brown": decks["brown"] - 1, "red": decks["red"] + 1,
                                        "green": decks["green"]}
    assert hands(match)["Ann"] == 12 and match.to_act() == (0,)
    assert refused(match, "Ann: switch green for brown").ruling == "KT1 9"  # once
    assert refused(match, "Ann: no attack").ruling == "KT1 9"  # he holds a brown card now
    fresh = play(2)
    assert refused(fresh, "Ann: switch brown for brown").ruling == "KT1 9"
    assert refused(fresh, "Ann: no attack").ruling == "KT1 9"  # a brown card can still be drawn


def test_m1_the_counted_hand_limits_what_a_player_can_play() -> None:
    match = play(2, "Ann: KOTE + SEME at Ben")
    short = state(match).evolve(hands=(11, 1))
    ruleset = match.ruleset
    explained = ruleset.explain(short, ruleset.parse_action(1, "KOTE>MEN + MUSHIN at Ann"))
    assert not explained.legal and explained.ruling == "M1" and "holds only 1" in explained.text
    assert all(len(r.action.cards) <= 1 for r in ruleset.legal_responses(short)  # type: ignore[attr-defined]
               if hasattr(r.action, "cards"))
