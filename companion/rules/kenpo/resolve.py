"""Damage at resolution (K3, K5): directions, bonuses, Hand Fake, the Jab's doubling, blocks.

Points are `None` when a value the calculation needs is an owner value not yet entered (K9); the
referee then enters that card's points by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.errors import IllegalAction
from companion.rules.kenpo.cards import KenpoCard
from companion.rules.kenpo.geometry import Square, direction
from companion.rules.kenpo.state import CardRef, Played


@dataclass(frozen=True)
class Fighter:
    square: Square
    side: str


@dataclass(frozen=True)
class Hit:
    """What one attack scores: `points` None means it must be entered by hand (K9)."""

    index: int
    played: Played
    points: int | None
    detail: str


def ref_index(cards_on_table: Sequence[Played], ref: CardRef) -> int | None:
    seen = 0
    for index, played in enumerate(cards_on_table):
        if played.card == ref.card:
            seen += 1
            if seen == ref.copy:
                return index
    return None


def ref_of(cards_on_table: Sequence[Played], index: int) -> CardRef:
    card = cards_on_table[index].card
    return CardRef(card, sum(1 for p in cards_on_table[: index + 1] if p.card == card))


def prevention(defence: Played, info: KenpoCard, attack_points: int, defender: Fighter,
               attacker: Fighter) -> int | None:
    """How much `defence` takes off an attack of `attack_points`; None when not known (K5, K9).

    A lower bound decides it when the attack is no larger (KPD13).
    """
    where = direction(defender.square, attacker.square, defender.side)
    if where is None:
        return 0
    arrow = info.arrow(where, defence.mirrored)
    if arrow is not None:
        return max(0, -arrow)
    least = info.prevents_at_least(where, defence.mirrored)
    return attack_points if attack_points <= least else None


def score(group: Sequence[Played], index: int, cards: dict[str, KenpoCard], attacker: Fighter,
          defender: Fighter, blocks: dict[int, list[Played]], *, double_before_bonus: bool = False) -> Hit:
    """The points of `group[index]` against `defender`, with `blocks` by attack index (K5).

    The Jab's doubling follows the movement bonus (K9); `double_before_bonus` is the other reading.
    """
    played = group[index]
    info = cards[played.card]
    where = direction(attacker.square, defender.square, attacker.side)
    if where is None:
        return Hit(index, played, 0, "not adjacent: no damage (K3)")
    arrow = info.arrow(where, played.mirrored)
    if arrow is None:
        return Hit(index, played, None, f"its {where} arrow is not in the catalog (K9)")
    if arrow <= 0:  # bonuses add only to a hit (KPD8)
        return Hit(index, played, 0, f"no arrow toward {where} (K3)")
    if played.move_bonus is None:
        return Hit(index, played, None, f"its bonus for moving {played.move} is not in the catalog (K9)")
    if played.fake_bonus is None:
        return Hit(index, played, None, "the Hand Fake bonus depends on qualifiers not in the catalog (K9)")
    bonus = played.move_bonus + played.fake_bonus
    parts = [f"{where} {arrow}"]
    if played.move_bonus:
        parts.append(f"{played.move_bonus:+d} for {played.move}")
    if played.fake_bonus:
        parts.append(f"+{played.fake_bonus} Hand Fake")
    doubled = False
    doubling = info.special.get("double-if-blocked")  # the card it was comboed on, if blocked (KPD11)
    if doubling is not None and played.link is not None and played.link in blocks:
        linked = cards[group[played.link].card]
        match = linked.matches(doubling)
        if match is None:
            return Hit(index, played, None, f"doubling depends on {linked.name}'s qualifiers (K9)")
        if match:
            doubled = True
            parts.append(f"doubled{' before the bonus' if double_before_bonus else ''}: {linked.name} was blocked")
    if doubled and double_before_bonus:
        points = max(0, 2 * arrow + bonus)
    else:
        points = max(0, arrow + bonus) * (2 if doubled else 1)
    for defence in blocks.get(index, []):
        taken = prevention(defence, cards[defence.card], points, defender, attacker)
        if taken is None:
            return Hit(index, played, None, f"{cards[defence.card].name}'s prevention here is not in the catalog (K9)")
        points = max(0, points - taken)
        parts.append(f"-{taken} {cards[defence.card].name}")
    return Hit(index, played, points, ", ".join(parts))


def blockable(attack: KenpoCard, defender_moved: bool) -> bool:
    """Blitz can be blocked only by a defender who moved this turn (FAQ on Hard Block, KPD10)."""
    return defender_moved or not attack.special.get("blocked-only-moving")


def allocation_map(pending: Sequence[Played], own: Sequence[Played], choices: Sequence[tuple[CardRef, CardRef]],
                   cards: dict[str, KenpoCard], defender_moved: bool) -> dict[int, list[Played]]:
    """Blocks by attack index, checking each defence card blocks one attack it may block (K5)."""
    defence_indexes = [i for i, p in enumerate(own) if cards[p.card].is_defence]
    attack_indexes = [i for i, p in enumerate(pending) if blockable(cards[p.card], defender_moved)]
    used: set[int] = set()
    blocks: dict[int, list[Played]] = {}
    for defence_ref, attack_ref in choices:
        d = ref_index(own, defence_ref)
        if d is None or d not in defence_indexes:
            raise IllegalAction(f"{defence_ref.card} #{defence_ref.copy} is not a defence card played this turn", "K5")
        if d in used:
            raise IllegalAction(f"{cards[own[d].card].name} prevents damage from one attack only", "K5")
        a = ref_index(pending, attack_ref)
        if a is None:
            raise IllegalAction(f"{attack_ref.card} #{attack_ref.copy} is not an attack waiting to resolve", "K5")
        if a not in attack_indexes:
            raise IllegalAction(f"{cards[pending[a].card].name} cannot be blocked without moving", "KPD10")
        used.add(d)
        blocks.setdefault(a, []).append(own[d])
    if attack_indexes:
        for d in defence_indexes:
            if d not in used:
                raise IllegalAction(f"say which attack {cards[own[d].card].name} blocks", "K5")
    return blocks
