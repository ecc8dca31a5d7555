"""Rules 5, 6 and 10: what starts an attack, and who it may be aimed at (M3, M5, M11)."""

from __future__ import annotations

from companion.rules.musashi.state import Kind, Phase
from tests.rules.musashi.helpers import drain_three, hands, legal_texts, play, push, refused, state


def test_rule_5_a_brown_card_alone_or_with_one_strengthening_card_oshidashi_or_maki_waza() -> None:
    for line, kind, target, strengthening in (
        ("Ann: KOTE at Ben", Kind.BASIC, "KOTE", None),
        ("Ann: HIKI-DO at Ben", Kind.BASIC, "DO", None),  # any brown card alone (MSD4)
        ("Ann: TSUKI + JODAN NO KAMAE at Ben", Kind.BASIC, "TSUKI", "jodan-no-kamae"),
        ("Ann: MEN + SEME at Ben", Kind.BASIC, "MEN", "seme"),
        ("Ann: OSHIDASHI at Ben", Kind.OSHIDASHI, None, None),
        ("Ann: MAKI WAZA at Ben", Kind.MAKI_WAZA, None, None),
    ):
        attack = state(play(2, line)).attack
        assert attack is not None and (attack.kind, attack.target, attack.strengthening) == (kind, target,
                                                                                              strengthening)
        assert attack.defender == 1


def test_rule_5_red_cards_and_answering_greens_never_start_an_attack() -> None:
    match = play(2)
    assert refused(match, "Ann: MEN>KOTE at Ben").ruling == "KT1 5"
    assert refused(match, "Ann: BOGYO at Ben").ruling == "KT1 5"
    assert refused(match, "Ann: MEN + SEME + JODAN NO KAMAE at Ben").ruling == "KT1 5"
    assert refused(match, "Ann: SEME at Ben").ruling == "KT1 5"


def test_rule_6_the_attacker_names_his_target_and_never_himself() -> None:
    match = play(3)
    assert refused(match, "Ann: MEN").ruling == "KT1 6"
    assert refused(match, "Ann: MEN at Ann").ruling == "KT1 6"
    assert refused(match, "Ann: MEN at Zed").ruling == "KT1 6"
    assert {"MEN at Ben", "MEN at Cal"} <= legal_texts(match)


def test_an_attack_at_a_player_who_is_out_is_refused_naming_rule_8() -> None:
    # Ben attacks Cal, is blocked and loses two, four times over: with no card left to attack, he is out.
    match = play(3, *drain_three("Ben", "Cal", 4), first=1)
    assert state(match).dropped == (1,)
    push(match, "Cal: bonus none")
    assert match.to_act() == (0,)  # with 3 players before, the third player attacks (KT1 8)
    error = refused(match, "Ann: MEN at Ben")
    assert error.ruling == "KT1 8" and "Ben is out" in error.reason
    assert "MEN at Ben" not in legal_texts(match)


def test_rule_10_with_4_players_the_attacked_player_does_not_counter_straight_back() -> None:
    match = play(4, "Ann: MEN at Ben")
    error = refused(match, "Ben: MEN>KOTE at Ann")
    assert error.ruling == "KT1 10"
    texts = legal_texts(match)
    assert "MEN>KOTE at Cal" in texts and "MEN>KOTE at Dee" in texts and "MEN>KOTE at Ann" not in texts


def test_rule_10_with_2_or_3_players_a_counter_may_go_straight_back() -> None:
    assert state(play(3, "Ann: MEN at Ben", "Ben: MEN>KOTE at Ann")).turn == 0
    assert state(play(2, "Ann: MEN at Ben", "Ben: MEN>KOTE at Ann")).turn == 0


def test_rule_10_after_a_block_with_4_players_the_blocker_does_not_attack_his_attacker() -> None:
    match = play(4, "Ann: MEN at Ben", "Ben: TSUBAZERIAI")
    assert state(match).phase is Phase.ATTACK and match.to_act() == (1,)
    assert refused(match, "Ben: KOTE at Ann").ruling == "KT1 10"
    assert match.summary()["not_to_be_attacked"].split(":")[0].endswith("may not attack Ann")
    assert "KOTE at Cal" in legal_texts(match)


def test_the_legal_extras_list_every_forbidden_target_with_its_reason() -> None:
    match = play(4, "Ann: MEN at Ben")
    extras = match.ruleset.legal_extras(match.rules_state)["targets"]
    by_player = {row["player"]: row for row in extras}
    assert by_player["Ann"]["allowed"] is False and by_player["Ann"]["ruling"] == "KT1 10"
    assert by_player["Cal"]["allowed"] and by_player["Dee"]["allowed"]
    lines = match.ruleset.legal_extras_lines(match.rules_state)
    assert lines[0] == "targets for Ben:" and any("Ann: no" in line for line in lines)
    assert hands(match)["Ann"] == 11
