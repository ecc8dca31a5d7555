"""Rule 8 (drop-outs, the bonus card, who attacks next), rule 11 HIKI-WAKE (M4-M7) and the places."""

from __future__ import annotations

import itertools

from companion.rules.match import Match
from companion.rules.model import Forfeit
from companion.rules.musashi.state import NoAttack, Phase, TakeBonus
from tests.rules.musashi.helpers import (
    drain_many,
    drain_three,
    event_names,
    hands,
    legal_texts,
    play,
    push,
    refused,
    state,
)


def test_rule_8_three_players_the_bonus_goes_to_the_last_attacker_and_the_third_player_attacks() -> None:
    match = play(3, *drain_three("Ben", "Cal", 4), first=1)
    # Ben lost his last two cards: with 2-3 players he must attack next, and with no card he is out.
    assert state(match).dropped == (1,) and state(match).phase is Phase.BONUS
    assert match.to_act() == (2,)  # Cal pulled Ben's cards last: his last attacker
    assert legal_texts(match) == {"bonus brown", "bonus red", "bonus green", "bonus none"}
    before = hands(match)["Cal"]
    push(match, "Cal: bonus green")
    assert hands(match)["Cal"] == before + 1
    assert match.to_act() == (0,)  # the third player, not the one who got the bonus card
    assert match.summary()["players"][1] == {"name": "Ben", "hand": 0, "status": "out", "place": 3}


def test_rule_8_five_players_the_bonus_taker_attacks_next() -> None:
    match = play(5, *drain_many("Eve", "Ann", "Ben", 6), "Ann: MEN at Ben", "Ben: MEN>KOTE at Eve",
                 "Eve: no answer")
    assert state(match).dropped == (4,) and "DroppedOut" in event_names(match)
    assert match.to_act() == (1,)
    push(match, "Ben: bonus red")
    assert match.to_act() == (1,) and state(match).phase is Phase.ATTACK  # 4-6 players before: he attacks
    assert state(match).barred is None
    assert "KOTE at Ann" in legal_texts(match)


def test_m7_owing_more_than_he_holds_he_gives_all_and_is_out() -> None:
    # Dee is down to 2 cards, loses one to an unanswered SEME, then cannot pay the basic attack's two.
    lines = drain_many("Dee", "Ann", "Ben", 5)
    match = play(4, *lines, "Ben: MEN at Ann", "Ann: MEN>KOTE + SEME at Dee", "Dee: no answer", "Ann: pull 1",
                 "Dee: no answer")
    assert hands(match)["Dee"] == 1
    assert refused(match, "Ann: pull 2").ruling == "M7"
    push(match, "Ann: pull 1")
    assert state(match).dropped == (3,) and hands(match)["Dee"] == 0
    assert match.to_act() == (0,) and state(match).phase is Phase.BONUS


def test_hiki_wake_with_two_players_is_a_0_0_draw_sharing_first_place() -> None:
    lines = drain_three("Ben", "Ann", 3)  # Ben 3 cards
    match = play(2, *lines, "Ben: MEN at Ann", "Ann: MEN>KOTE at Ben", "Ben: KOTE>DO at Ann", "Ann: DO>MEN at Ben",
                 first=1)
    assert hands(match)["Ben"] == 1
    hiki = next(r for r in match.legal_responses() if match.ruleset.format_action(r.action) == "BOGYO")
    assert "HIKI-WAKE" in hiki.consequence
    push(match, "Ben: BOGYO")
    outcome = match.outcome()
    assert outcome.finished and outcome.draw and outcome.places == (1, 1)
    assert "HikiWake" in event_names(match) and "MatchDrawn" in event_names(match)


def test_hiki_wake_with_three_players_the_blocker_drops_out_and_rule_8_follows() -> None:
    lines = drain_three("Ben", "Ann", 3)
    match = play(3, *lines, "Ben: MEN at Ann", "Ann: MEN>KOTE at Ben", "Ben: KOTE>DO at Ann",
                 "Ann: DO>MEN at Ben", "Ben: TSUBAZERIAI", first=1)
    assert state(match).dropped == (1,) and not match.outcome().finished
    assert match.to_act() == (0,)  # Ann attacked him last: she may draw the bonus card
    push(match, "Ann: bonus none")
    assert match.to_act() == (2,)  # the third player attacks (KT1 8)


def hiki_wake_of_the_last_two() -> Match:
    """Cal drops out of three; Ann and Ben then block each other until one blocks with his last card."""
    lines = drain_three("Cal", "Ann", 4)  # Cal out with 3 players in
    match = play(3, *lines, first=2)
    push(match, "Ann: bonus none")
    push(match, "Ben: MEN at Ann")  # Ben, the third player, attacks
    exchange = ["Ann: BOGYO", "Ann: MEN at Ben", "Ben: TSUBAZERIAI", "Ben: KOTE at Ann"]
    for line in itertools.cycle(exchange):  # each blocks, then attacks the other
        if match.outcome().finished:
            break
        push(match, line)
    return match


def test_m6_hiki_wake_with_two_left_of_a_larger_game_ends_it_with_both_first() -> None:
    match = hiki_wake_of_the_last_two()
    assert match.ruleset.format_action(match.actions[-1]) in ("BOGYO", "TSUBAZERIAI")
    outcome = match.outcome()
    assert outcome.draw and outcome.places == (1, 1, 3)
    assert match.summary()["outcome"]["places"][2] == {"player": "Cal", "place": 3}


def test_the_last_player_standing_wins_and_places_follow_the_drop_outs() -> None:
    cycle = ["Ann: MEN at Cal", "Cal: no answer", "Ann: pull 2", "Cal: MEN at Ann", "Ann: BOGYO"]
    match = play(3, *drain_three("Ben", "Cal", 4), "Cal: bonus none", *(cycle * 4), "Ann: MEN at Cal",
                 "Cal: no answer", first=1)
    outcome = match.outcome()
    assert outcome.finished and outcome.winners == (0,) and outcome.places == (1, 3, 2)
    assert [p["place"] for p in match.summary()["players"]] == [1, 3, 2]


def test_forfeit_is_a_drop_out_of_the_player_to_act() -> None:
    match = play(3, "Ann: MEN at Ben")
    assert refused(match, "Cal: forfeit").ruling == "MSD12"
    match.push(Forfeit(1))
    assert state(match).dropped == (1,) and match.to_act() == (0,)  # Ann attacked him last: bonus
    match.push(TakeBonus(0, None))
    assert match.to_act() == (2,)


def test_m15_an_empty_brown_deck_takes_its_discards_and_without_any_the_player_is_out() -> None:
    match = play(2, "Ann: MEN at Ben", "Ben: BOGYO")
    emptied = state(match).evolve(decks=(0, 3, 5), discards=(1, 2, 3))
    after, events = match.ruleset.apply(emptied, match.ruleset.parse_action(1, "switch red for brown"))
    assert after.decks == (0, 4, 5) and after.discards == (0, 2, 3)
    assert next(e.name for e in events) == "DiscardsShuffled"
    none_left = emptied.evolve(discards=(0, 2, 3))
    assert match.ruleset.explain(none_left, match.ruleset.parse_action(1, "switch red for brown")).ruling == "M15"
    out, events = match.ruleset.apply(none_left, NoAttack(1))
    assert out.phase is Phase.OVER and out.winner == 0
