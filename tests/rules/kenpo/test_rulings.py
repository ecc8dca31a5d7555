"""One scenario per ruling K1-K8, from record files, with the refusals each ruling makes."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.kenpo.geometry import direction, ring_moves
from companion.rules.kenpo.state import BreakCalled, DeckReshuffled, Phase, PointsScored
from companion.rules.match import Match
from companion.rules.record import load_record, match_to_record, read_record
from tests.rules.kenpo.helpers import (
    legal_texts,
    load,
    play,
    record_file,
    refused,
    scores,
    state,
    state_after,
    table_total,
)


def _until(name: str, step: int) -> Match:
    """The record's match stopped before action `step`."""
    lines = record_file(name).read_text().splitlines()
    kept = [line for line in lines if not line.lstrip().startswith(f"{step}.")]
    cut = next(i for i, line in enumerate(lines) if line.lstrip().startswith(f"{step}."))
    return load_record("\n".join(kept[:cut]) + "\n")


def test_k1_squares_facing_and_each_fighters_own_left_and_right() -> None:
    match = load("k1-ring.shinpan")
    assert state_after(match, 1).squares == ((1, 0), (1, 2))
    assert state_after(match, 2).squares[0] == (2, 0)  # Yellow's right: towards file 2
    assert state_after(match, 4).squares[1] == (0, 2)  # Red's right is Yellow's left
    assert state_after(match, 6).squares[0] == (2, 1)  # Yellow's forward: towards Red's end
    assert scores(match) == (0, 0)  # (2, 1) and (0, 2) are not adjacent


def test_k2_one_square_on_the_ring_not_onto_the_opponent_and_only_printed_moves() -> None:
    opening = play("Cullam: starts")
    assert refused(opening, "Cullam", "Front Kick back").ruling == "K2"  # off the ring
    assert refused(opening, "Cullam", "Blitz stand").ruling == "K2"  # Blitz has no dot
    assert refused(opening, "Cullam", "Hard Block left").ruling == "K2"  # Hard Block: the dot only
    offered = legal_texts(opening)
    assert {"Front Kick forward", "Front Kick stand"} <= offered and "Front Kick back" not in offered
    assert sorted(ring_moves((1, 0), "yellow", (1, 2))) == ["forward", "left", "right", "stand"]
    match = load("k2-moves.shinpan")
    assert scores(match) == (5, 0)
    assert refused(match, "Cullam", "Front Kick forward").ruling == "K2"  # Adam's square
    owned = play("Cullam: starts", owner_values=True)
    assert refused(owned, "Cullam", "Front Kick left").ruling == "K2"  # not printed (owner values)
    assert "Front Kick left" not in legal_texts(owned)


@pytest.mark.parametrize(("attacker", "defender", "side", "expected"), [
    ((1, 1), (0, 2), "yellow", "front-left"),  # the play example's Front Kick
    ((0, 2), (1, 1), "red", "front-left"),  # and Adam's Block, seen from Adam
    ((0, 2), (1, 2), "red", "left"),  # the Round Kick at the Break
    ((1, 2), (0, 2), "yellow", "left"),  # the Spinning Backfist at the Break
    ((0, 0), (1, 0), "yellow", "right"),  # FAQ draw: Back Round Kick
    ((1, 0), (0, 0), "red", "right"),  # FAQ draw: Reverse Punch
    ((1, 1), (2, 0), "yellow", "back-right"),
    ((1, 1), (2, 0), "red", "front-left"),
    ((1, 0), (1, 2), "yellow", None),  # two squares away: not adjacent
])
def test_k3_directions_are_the_fighters_own_with_diagonals(attacker: tuple[int, int], defender: tuple[int, int],
                                                           side: str, expected: str | None) -> None:
    assert direction(attacker, defender, side) == expected


def test_k3_damage_from_a_diagonal_and_none_when_not_adjacent() -> None:
    match = load("play-example.shinpan")
    kick = next(e for e in match.steps[6].events if isinstance(e, PointsScored))
    assert (kick.card, kick.points, kick.detail) == ("front-kick", 2, "front-left 2")
    k1 = load("k1-ring.shinpan")
    assert not any(isinstance(e, PointsScored) for e in k1.events)


def test_k4_side_kick_first_after_a_forward_move_breaks_and_resets() -> None:
    match = load("k4-side-kick-break.shinpan")
    breaks = [e for e in match.steps[3].events if isinstance(e, BreakCalled)]
    assert len(breaks) == 1 and "Side Kick" in breaks[0].reason
    assert state_after(match, 4).phase is Phase.BREAK
    assert scores(match, 5) == (5, 2)  # Front Kick front 5; Side Kick 2 entered by hand
    after = state_after(match, 5)
    assert after.squares == ((1, 0), (1, 2)) and after.turn == 0
    assert after.hands == (7 + 1, 7 + 1) and after.pending == ()
    at_break = _until("k4-side-kick-break.shinpan", 6)
    assert refused(at_break, "Cullam", "rest").ruling == "K4"  # Cullam's first turn after the Break
    assert refused(match, "Adam", "rest").ruling == "K4"  # ... and Adam's
    after_fake = play("Cullam: starts", "Cullam: Front Kick forward", "Cullam: end", "Adam: Hand Fake",
                      "Adam: Side Kick stand")
    assert state(after_fake).phase is Phase.COMBO  # not the first card: no Break
    no_forward = play("Cullam: starts", "Cullam: Front Kick stand", "Cullam: end", "Adam: Side Kick stand")
    assert state(no_forward).phase is Phase.COMBO  # Cullam did not move forward


def test_k4_other_reading_bars_only_the_next_player_from_resting() -> None:
    lines = [line.split("#")[0].split(". ", 1)[1].strip() for line in
             record_file("k4-side-kick-break.shinpan").read_text().splitlines() if line[:1].isdigit()]
    match = play(*lines, options={"break-no-rest": "next-player"})
    assert "rest" in legal_texts(match)  # Adam broke; only Cullam was barred
    match.push(match.ruleset.parse_action(1, "rest"))
    assert state(match).hands[1] == 8 + 2


def test_k5_positions_at_resolution_fixed_bonus_never_below_zero_defenders_choice() -> None:
    match = load("k5-resolution.shinpan")
    assert scores(match, 5) == (0, 0)  # 2 from the front-left, all prevented
    jab = state_after(match, 6).played[0]
    assert (jab.card, jab.move, jab.move_bonus) == ("jab", "back", -2)
    assert not any(isinstance(e, PointsScored) for e in match.steps[8].events)  # 1 - 2: 0, not -1
    # The defender chooses: blocking the kick instead doubles the Jab (the play example's reasoning).
    text = record_file("play-example.shinpan").read_text()
    other = load_record(text.replace("block Jab with Block", "block Front Kick with Block"))
    assert scores(other, 7) == (4, 0)  # kick 2 - at least 2 = 0; Jab (1 + 1) doubled = 4
    # The rules option for the other reading of K9 doubles the printed 1 before the +1: 3.
    before = load_record(text.replace("block Jab with Block", "block Front Kick with Block").replace(
        "player: Adam, side red", "player: Adam, side red\noption: jab-doubling = before-bonus"))
    assert scores(before, 7) == (3, 0)


def test_k6_both_past_twenty_on_one_resolution() -> None:
    match = load("faq-draw.shinpan")
    assert scores(match) == (20, 20) and match.outcome().draw
    assert match.legal_responses() == []
    with pytest.raises(IllegalAction, match="over"):
        match.push(match.ruleset.parse_action(0, "rest"))


def test_k7_rest_restrictions_counts_and_the_reshuffle() -> None:
    opening = play("Cullam: starts")
    assert refused(opening, "Cullam", "rest").ruling == "K7"  # the game's first turn
    match = play("Cullam: starts", "Cullam: Hard Block stand", "Cullam: end", "Adam: rest")
    assert state(match).hands[1] == 10 and state(match).decks[1] == 16
    assert state(match).squares[1] == (1, 2)  # no move
    match.push(match.ruleset.parse_action(0, "Hard Block stand"))
    match.push(match.ruleset.parse_action(0, "end"))
    assert refused(match, "Adam", "rest").ruling == "K7"  # not two turns in a row
    # Adam rests every other turn until his deck runs out: the discards become his deck (K7).
    for _ in range(40):
        s = state(match)
        actor = match.setup.players[s.turn].name
        rest_ok = "rest" in legal_texts(match)
        lines = ["rest"] if (s.turn == 1 and rest_ok) or s.hands[s.turn] == 0 else ["Hard Block stand", "end"]
        for text in lines:
            match.push(match.ruleset.parse_action(s.turn, text))
        for seat in (0, 1):
            assert table_total(state(match), seat) == 26, actor
        if any(isinstance(e, DeckReshuffled) and e.seat == 1 for e in match.events):
            break
    shuffle = next(e for e in match.events if isinstance(e, DeckReshuffled) and e.seat == 1)
    assert shuffle.cards == 9  # the nine Hard Blocks he had played while drawing his 18 cards
    assert state(match).decks[1] == 9 - 2
    assert read_record(match_to_record(match)).actions == list(match.actions)


def test_k8_card_on_card_one_movement_every_card_allows_it() -> None:
    match = load("k8-combos.shinpan")
    assert [p.card for p in state_after(match, 4).played] == ["block", "round-kick", "jab"]
    assert state_after(match, 4).moves_made == ("right",)
    start = ("Cullam: starts", "Cullam: Block right")
    on_block = play(*start, owner_values=True)
    assert refused(on_block, "Cullam", "Jab").ruling == "K8"  # a Jab goes on a kick, not a Block
    link = refused(on_block, "Cullam", "Front Kick")
    assert link.ruling == "K8" and "may not be comboed" in link.reason
    standing = play("Cullam: starts", "Cullam: Block stand", owner_values=True)
    moved = refused(standing, "Cullam", "Round Kick")  # on a Block, but the example deck shows no dot
    assert moved.ruling == "K8" and "'stand'" in moved.reason
    assert refused(on_block, "Cullam", "Round Kick left").ruling == "K8"  # one movement per turn
    assert refused(play("Cullam: starts", owner_values=True), "Cullam", "Hand Fake forward").ruling == "K8"


def test_k8_the_jab_doubles_on_the_kick_it_was_comboed_on_after_a_hand_fake() -> None:
    """Hand Fake, Front Kick, Jab: Adam blocks the kick, so the Jab (comboed on it) doubles (K8, K9)."""
    match = play("Cullam: starts", "Cullam: Hand Fake", "Cullam: Front Kick forward", "Cullam: Jab",
                 "Cullam: end", "Adam: Block stand", "Adam: end; block Front Kick with Block")
    scored = {e.card: e.points for e in match.steps[-1].events if isinstance(e, PointsScored)}
    # Front Kick: front 5 + 0 (forward) + 3 (Hand Fake, a kick) - 3 (Block, front) = 5.
    # Jab: front 1 + 1 (forward) = 2, doubled because the kick was blocked = 4.
    assert scored == {"front-kick": 5, "jab": 4}
    assert scores(match) == (9, 0)
