"""Rule 6a-c and the green-card table: what answers what, in the rulebook's order (M8, M10-M12, M16, M17)."""

from __future__ import annotations

from companion.rules.musashi.state import Kind, Phase
from tests.rules.musashi.helpers import hands, legal_texts, play, push, refused, state


def test_rule_6a_the_strengthening_card_is_answered_before_the_basic_attack() -> None:
    match = play(2, "Ann: KOTE + SEME at Ben")
    assert match.summary()["answer_first"].startswith("the SEME first")
    error = refused(match, "Ben: KOTE>MEN at Ann")
    assert error.ruling == "KT1 6a"
    assert refused(match, "Ben: TAI-JODAN").ruling == "KT1 6a"  # TAI-JODAN answers JODAN NO KAMAE only
    push(match, "Ben: SEME")
    attack = state(match).attack
    assert attack is not None and attack.strengthening is None and attack.target == "KOTE"
    assert match.to_act() == (1,)  # the same player now answers the basic attack (KT1 6b)
    push(match, "Ben: KOTE>MEN at Ann")
    assert state(match).turn == 0


def test_the_green_table_neutralisers_seme_or_mushin_and_jodan_or_tai_jodan() -> None:
    seme = legal_texts(play(2, "Ann: KOTE + SEME at Ben"))
    jodan = legal_texts(play(2, "Ann: KOTE + JODAN NO KAMAE at Ben"))
    assert {"SEME", "MUSHIN"} <= seme and not {"JODAN NO KAMAE", "TAI-JODAN"} & seme
    assert {"JODAN NO KAMAE", "TAI-JODAN"} <= jodan and not {"SEME", "MUSHIN"} & jodan


def test_m17_tai_jodan_goes_with_the_answer_to_the_basic_attack_or_alone() -> None:
    together = play(3, "Ann: DO + JODAN NO KAMAE at Ben", "Ben: TAI-JODAN + DO>TSUKI at Cal")
    attack = state(together).attack
    assert attack is not None and (attack.attacker, attack.defender, attack.target) == (1, 2, "TSUKI")
    assert hands(together)["Ben"] == 10
    alone = play(3, "Ann: DO + JODAN NO KAMAE at Ben", "Ben: TAI-JODAN")
    assert state(alone).attack is not None and state(alone).attack.strengthening is None
    assert refused(alone, "Ben: TAI-JODAN + DO>TSUKI at Cal").ruling == "M17"  # nothing left for it


def test_mushin_neutralises_seme_and_makes_any_red_card_appropriate_at_the_same_time() -> None:
    match = play(2, "Ann: KOTE + SEME at Ben", "Ben: DO>MEN + MUSHIN at Ann")
    attack = state(match).attack
    assert attack is not None and attack.target == "MEN" and attack.attacker == 1


def test_rule_6b_counters_need_a_red_card_that_receives_the_target_or_mushin() -> None:
    match = play(2, "Ann: KOTE at Ben")
    error = refused(match, "Ben: MEN>KOTE at Ann")
    assert error.ruling == "S1" and "MUSHIN" in error.reason
    assert refused(match, "Ben: KOTE>MEN + MUSHIN at Ann").ruling == "MSD6"  # MUSHIN would do nothing
    push(match, "Ben: MEN>KOTE + MUSHIN at Ann")
    assert state(match).attack is not None and state(match).attack.target == "KOTE"


def test_a_counter_may_carry_a_strengthening_card_which_is_answered_first() -> None:
    match = play(2, "Ann: KOTE at Ben", "Ben: KOTE>DO + JODAN NO KAMAE at Ann")
    attack = state(match).attack
    assert attack is not None and attack.strengthening == "jodan-no-kamae" and attack.target == "DO"


def test_tsubazeriai_and_bogyo_block_and_the_blocker_attacks_next() -> None:
    for block in ("TSUBAZERIAI", "BOGYO"):
        match = play(3, "Ann: KOTE at Ben", f"Ben: {block}")
        assert state(match).phase is Phase.ATTACK and match.to_act() == (1,)
        assert hands(match) == {"Ann": 11, "Ben": 11, "Cal": 12}


def test_m16_oshidashi_right_after_a_block_is_the_blockers_own_next_attack() -> None:
    match = play(3, "Ann: KOTE at Ben", "Ben: BOGYO", "Ben: OSHIDASHI at Ann")
    assert state(match).attack is not None and state(match).attack.kind is Kind.OSHIDASHI


def test_a_reaction_of_the_wrong_kind_is_refused_naming_the_rule() -> None:
    other = play(2, "Ann: OSHIDASHI at Ben")
    assert refused(other, "Ben: BOGYO").ruling == "KT1 6c"
    assert refused(other, "Ben: MAKI WAZA at Ann").ruling == "KT1 6c"
    basic = play(2, "Ann: MEN at Ben")
    assert refused(basic, "Ben: SEME").ruling == "KT1 6b"
    assert refused(basic, "Ben: KAIHI SURU + BOGYO").ruling == "KT1 greens"
    assert refused(basic, "Ben: MEN at Ann").ruling == "M12"  # rule version 1: a brown card never answers


def test_m12_option_brown_answers_lets_an_appropriate_brown_answer_and_its_attacker_attacks_again() -> None:
    match = play(3, "Ann: MEN at Ben", "Ben: MEN", options={"brown-answers": "true"})
    assert state(match).phase is Phase.ATTACK and match.to_act() == (0,)
    wrong = play(3, "Ann: MEN at Ben", options={"brown-answers": "true"})
    assert refused(wrong, "Ben: KOTE").ruling == "S1"


def test_m8_kaihi_suru_or_tsuyoi_kamae_neutralise_oshidashi_and_maki_waza_as_after_a_block() -> None:
    for attack in ("OSHIDASHI", "MAKI WAZA"):
        for answer in ("KAIHI SURU", "TSUYOI KAMAE"):
            match = play(4, f"Ann: {attack} at Ben", f"Ben: {answer}")
            assert match.to_act() == (1,) and state(match).phase is Phase.ATTACK
            assert hands(match) == {"Ann": 11, "Ben": 11, "Cal": 12, "Dee": 12}  # no card moves


def test_rule_10_oshidashi_turned_back_with_itself_even_with_4_players() -> None:
    match = play(4, "Ann: OSHIDASHI at Ben", "Ben: OSHIDASHI at Ann")
    attack = state(match).attack
    assert attack is not None and (attack.attacker, attack.defender, attack.kind) == (1, 0, Kind.OSHIDASHI)
    # FUDOSHIN may pass it on, but with 4-6 players not back to the attacker (M11).
    fudoshin = play(4, "Ann: OSHIDASHI at Ben")
    assert refused(fudoshin, "Ben: FUDOSHIN at Ann").ruling == "M11"
    assert {"OSHIDASHI at Ann", "FUDOSHIN at Cal"} <= legal_texts(fudoshin)
    assert "FUDOSHIN at Ann" not in legal_texts(fudoshin)


def test_m11_kaihi_suru_turns_back_only_with_2_or_3_players() -> None:
    back = play(3, "Ann: KOTE at Ben", "Ben: KAIHI SURU at Ann")
    assert state(back).attack is not None and state(back).attack.defender == 0
    many = play(4, "Ann: KOTE at Ben")
    assert refused(many, "Ben: KAIHI SURU at Ann").ruling == "M11"
    assert refused(many, "Ben: TSUYOI KAMAE at Ann").ruling == "M11"
    push(many, "Ben: KAIHI SURU at Dee")
    attack = state(many).attack
    assert attack is not None and (attack.attacker, attack.defender, attack.target) == (1, 3, "KOTE")


def test_m10_kaihi_suru_drops_the_strengthening_card_and_fudoshin_passes_it_on() -> None:
    kaihi = play(3, "Ann: KOTE + SEME at Ben", "Ben: KAIHI SURU at Cal")
    assert state(kaihi).attack is not None and state(kaihi).attack.strengthening is None
    fudoshin = play(3, "Ann: KOTE + SEME at Ben", "Ben: FUDOSHIN at Cal")
    assert state(fudoshin).attack is not None and state(fudoshin).attack.strengthening == "seme"
    travels = play(3, "Ann: KOTE + SEME at Ben", "Ben: TSUYOI KAMAE at Cal",
                   options={"strengthening-travels": "true"})
    assert state(travels).attack is not None and state(travels).attack.strengthening == "seme"


def test_every_listed_reaction_has_a_ruling_in_its_why() -> None:
    for match in (play(4, "Ann: KOTE + SEME at Ben"), play(4, "Ann: KOTE + JODAN NO KAMAE at Ben"),
                  play(4, "Ann: KOTE at Ben"), play(4, "Ann: MAKI WAZA at Ben"), play(4)):
        for response in match.legal_responses():
            assert response.ruling and "(" in response.why and response.ruling.split()[0] in response.why, response
