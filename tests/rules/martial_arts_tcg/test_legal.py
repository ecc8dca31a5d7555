"""What may be played now and why (phase, open link, ADR, counter window), and the summary the app draws."""

from __future__ import annotations

from companion.rules.martial_arts_tcg.state import Link
from tests.rules.martial_arts_tcg.helpers import START, match


def _lines(played: object) -> dict[str, str]:
    responses = played.legal_responses()  # type: ignore[attr-defined]
    ruleset = played.ruleset  # type: ignore[attr-defined]
    return {ruleset.format_action(r.action): f"[{r.ruling}] {r.why} -> {r.consequence}" for r in responses}


def test_prep_phase_lists_attacks_events_and_only_the_strategy_cards_the_adr_pays_for() -> None:
    lines = _lines(match(*START))
    roundhouse = lines["attack Practice Roundhouse"]
    assert "[T1] Attack Phase: an Attack card attacks (ATK 5, DEF 1, LNK 1, CPT 3)" in roundhouse
    assert "one per player, replaced only by its owner (T5)" in lines["play Practice Rainstorm"]
    assert not any(key.startswith("play Practice Focus") for key in lines)  # ADR 0
    lines = _lines(match(*START, "Ann: adjust adr +1 by Practice Focus"))
    assert "Practice Focus costs 1 ADR and the pool holds 1 (T3)" in lines["play Practice Focus"]
    assert "play Practice Feint" not in lines  # costs 2


def test_after_a_hit_the_open_link_names_its_cpt_limit() -> None:
    lines = _lines(match(*START, "Ann: attack Practice Front Kick", "Ben: no block"))
    links = {key for key in lines if key.startswith("link ")}
    assert links == {"link Practice Jab", "link Practice Cross", "link Practice Front Kick", "link Practice Knee",
                     "link Practice Elbow", "link Practice Backfist"}  # CPT <= 2: not Hook or Roundhouse (CPT 3)
    assert "links after Practice Front Kick (LNK 2): CPT <= 2 (T2)" in lines["link Practice Jab"]


def test_a_counter_window_lists_counters_up_to_the_defence_lnk() -> None:
    played = match(*START, "Ann: attack Practice Cross", "Ben: block Example Wing Block")
    lines = _lines(played)
    counters = {key for key in lines if key.startswith("counter ")}
    assert "counter Example Spinning Kick" in counters  # CPT 4 <= LNK 4
    why = lines["counter Example Spinning Kick"]
    assert "counter-attack after Example Wing Block (LNK 4): CPT 4 <= 4 (T8); the defence absorbed all" in why
    assert not any(isinstance(r.action, Link) for r in played.legal_responses())  # all absorbed: no link


def test_the_defender_sees_the_damage_each_card_would_let_through() -> None:
    played = match(*START, "Ann: attack Practice Roundhouse")
    table = {row["card"]: row["damage"] for row in played.ruleset.legal_extras(played.state)["damage_through"]}
    assert table["Example Stillness"] == 0 and table["Example Wing Block"] == 1 and table["Example Spinning Kick"] == 5
    assert "2 gets through (30 -> 28)" in _lines(played)["block Example Deflect"]


def test_the_summary_draws_the_table_without_revealing_hands() -> None:
    played = match(*START, "Ann: play Practice Rainstorm", "Ann: attack Practice Jab", "Ben: no block")
    summary = played.summary()
    ann = summary["players"][0]
    assert {key: ann[key] for key in ("health", "adr", "hand", "deck", "discard", "event")} == \
        {"health": 30, "adr": 0, "hand": 4, "deck": 51, "discard": 2, "event": "Practice Rainstorm"}
    assert summary["phase"] == "continued-attack" and summary["turn"] == "Ann" and summary["chain"] == 1
    assert summary["next_link"] == "CPT <= 4" and summary["to_act"] == ["Ann"]
    assert "Practice Cross" not in str(summary)  # no card in anyone's hand is ever named
