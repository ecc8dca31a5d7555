"""What the player to act may do (rest, each card with its moves, ending the turn) and the threat map."""

from __future__ import annotations

import itertools
from typing import Any

from companion.rules.errors import IllegalAction
from companion.rules.kenpo.cards import KenpoCard, kenpo_cards
from companion.rules.kenpo.combos import check_link, check_move, check_play, link_target
from companion.rules.kenpo.engine import end_problem, resolution, rest_problem
from companion.rules.kenpo.geometry import MOVES, direction, ring_moves, same_rank, step
from companion.rules.kenpo.resolve import Fighter, Hit, allocation_map, blockable, ref_of, score
from companion.rules.kenpo.state import (
    BlockChoice,
    CardRef,
    EndTurn,
    HandPoints,
    KenpoState,
    Phase,
    PlayCard,
    Played,
    Rest,
    Starts,
)
from companion.rules.model import LegalResponse

MAX_ALLOCATIONS = 24
# Sample values offered for points the referee must enter by hand (K9); any whole number >= 0 is legal.
SAMPLE_POINTS = tuple(range(8))  # a card scores 0 to 7 in the rulebook's examples; more is typed in the Play box


def legal_responses(state: KenpoState) -> list[LegalResponse]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.SETUP:
        return [LegalResponse(Starts(seat), "KM setup", f"{state.names[seat]} was chosen at random to start")
                for seat in (0, 1)]
    found: list[LegalResponse] = []
    seat = state.turn
    if state.phase is Phase.TURN:
        problem = rest_problem(state, seat)
        if problem is None:
            forced = state.hands[seat] == 0
            why = "no card in hand: he must rest" if forced else "draw 2, no move, no card"
            found += [LegalResponse(Rest(seat, points), "K7", why, consequence)
                      for points, consequence in _point_variants(state, ())]
    if state.phase in (Phase.TURN, Phase.COMBO) and state.hands[seat] > 0:
        found += card_plays(state)
    if state.phase in (Phase.COMBO, Phase.BREAK) and end_problem(state) is None:
        for blocks in allocations(state):
            why = "the opponent's cards resolve" if state.phase is Phase.COMBO else "every card resolves at once"
            ruling = "K4" if state.phase is Phase.BREAK else "K5"
            for points, consequence in _point_variants(state, blocks):
                found.append(LegalResponse(EndTurn(seat, blocks, points), ruling, why, consequence))
    return found


def card_plays(state: KenpoState) -> list[LegalResponse]:
    """Every catalog card that can be played now, with each move it can make (K2, K8)."""
    seat = state.turn
    found = []
    ring = ring_moves(state.squares[seat], state.sides[seat], state.squares[1 - seat]) if state.move_due else []
    for card in kenpo_cards(state.owner_values).values():
        try:
            link = check_link(state, card)
        except IllegalAction:
            continue
        moves: list[str | None] = list(ring) if card.is_action and state.move_due else [None]
        for move in moves:
            try:
                moved, _bonus, notes = check_move(state, card, move)
            except IllegalAction:
                continue
            unverified = link.unverified + notes
            note = "; unverified: " + "; ".join(unverified) if unverified else ""
            found.append(LegalResponse(PlayCard(seat, card.id, move), link.ruling, link.why + note,
                                       _play_consequence(state, card, moved)))
    return found


def _play_consequence(state: KenpoState, card: KenpoCard, moved: str | None) -> str:
    seat = state.turn
    if moved is not None:
        square = step(state.squares[seat], moved, state.sides[seat])
        if same_rank(square, state.squares[1 - seat]):
            return "Break: every card resolves at once (K4)"
    if (not state.played and card.special.get("break-first-after-forward")
            and "forward" in state.last_moves[1 - seat]):
        return "Break: the opponent moved forward (K4)"
    return ""


def _defence_options(state: KenpoState) -> list[list[tuple[CardRef, CardRef] | None]]:
    cards = kenpo_cards(state.owner_values)
    moved = any(m != "stand" for m in state.moves_made)
    targets = [ref_of(state.pending, i) for i, p in enumerate(state.pending) if blockable(cards[p.card], moved)]
    options: list[list[tuple[CardRef, CardRef] | None]] = []
    for index, played in enumerate(state.played):
        if not cards[played.card].is_defence:
            continue
        own = ref_of(state.played, index)
        choices: list[tuple[CardRef, CardRef] | None] = [(own, target) for target in targets]
        options.append(choices or [None])
    return options


def allocations(state: KenpoState) -> list[tuple[BlockChoice, ...]]:
    """Each way to say which attack each defence card blocks (K5), up to MAX_ALLOCATIONS."""
    found = []
    for combo in itertools.islice(itertools.product(*_defence_options(state)), MAX_ALLOCATIONS):
        found.append(tuple(BlockChoice(d, a) for pair in combo if pair is not None for d, a in [pair]))
    return found


def _point_variants(state: KenpoState, blocks: tuple[BlockChoice, ...]) -> list[tuple[tuple[HandPoints, ...], str]]:
    """The hand entries this resolution needs (K9): none, or sample values for each unknown card."""
    pairs = tuple((b.defence, b.attack) for b in blocks)
    try:
        return [((), _describe(state, resolution(state, pairs, ())))]
    except IllegalAction as error:
        if error.ruling != "K9":
            return []
    unknown = _unknown_refs(state, pairs)
    variants = []
    for value in SAMPLE_POINTS:
        points = tuple(HandPoints(ref, value, own) for own, ref in unknown)
        try:
            scored = resolution(state, pairs, points)
        except IllegalAction:
            continue
        variants.append((points, "points entered by hand (K9): " + _describe(state, scored)))
    return variants


def _unknown_refs(state: KenpoState, blocks: tuple[tuple[CardRef, CardRef], ...]) -> list[tuple[bool, CardRef]]:
    cards = kenpo_cards(state.owner_values)
    me, them = _fighters(state)
    moved = any(m != "stand" for m in state.moves_made)
    allocation = allocation_map(state.pending, state.played, blocks, cards, moved)
    found = [(False, ref_of(state.pending, i)) for i in range(len(state.pending))
             if score(state.pending, i, cards, them, me, allocation,
                                                double_before_bonus=state.double_before_bonus).points is None]
    if state.phase is Phase.BREAK:
        found += [(True, ref_of(state.played, i)) for i, p in enumerate(state.played)
                  if cards[p.card].is_attack and score(state.played, i, cards, me, them, {},
                                                                   double_before_bonus=state.double_before_bonus
                                                                   ).points is None]
    return found


def _fighters(state: KenpoState) -> tuple[Fighter, Fighter]:
    seat = state.turn
    return (Fighter(state.squares[seat], state.sides[seat]),
            Fighter(state.squares[1 - seat], state.sides[1 - seat]))


def _describe(state: KenpoState, scored: list[Any]) -> str:
    if not scored:
        return "no points"
    cards = kenpo_cards(state.owner_values)
    return ", ".join(f"{state.names[s.seat]} +{s.points} ({cards[s.card].name})" for s in scored)


def card_table(state: KenpoState) -> dict[str, Any]:
    """For every catalog card: can it be played now, with which moves, and why not (K2, K7, K8).

    While a combo is under way, this is what may be comboed on `comboed_on`, the last card played.
    """
    if state.phase not in (Phase.TURN, Phase.COMBO):
        return {}
    cards = kenpo_cards(state.owner_values)
    seat = state.turn
    link = link_target(state, cards) if state.played else None
    rows = []
    for card in cards.values():
        moves: list[str | None] = [None]
        if card.is_action and state.move_due:
            moves = list(MOVES)
        allowed: list[str | None] = []
        unverified: set[str] = set()
        refusal: IllegalAction | None = None
        for move in moves:
            try:
                _played, verdict, _moved = check_play(state, PlayCard(seat, card.id, move))
            except IllegalAction as error:
                refusal = refusal or error
                continue
            allowed.append(move)
            unverified.update(verdict.unverified)
        row: dict[str, Any] = {"card": card.name, "playable": bool(allowed),
                               "moves": [m for m in allowed if m is not None]}
        if not allowed and refusal is not None:
            row.update(ruling=refusal.ruling, why=refusal.reason)
        if unverified:
            row["unverified"] = sorted(unverified)
        rows.append(row)
    problem = rest_problem(state, seat) if state.phase is Phase.TURN else ("cards are already down", "K7")
    return {
        "comboed_on": cards[state.played[link].card].name if link is not None else None,
        "may_rest": {"allowed": problem is None, "ruling": problem[1] if problem else "K7",
                     "why": problem[0] if problem else "draw 2, no move, no card"},
        "cards": rows,
    }


# --- the threat map ---------------------------------------------------------------------------


def threat_map(state: KenpoState) -> dict[str, Any]:
    """For each square the player to act can reach: what each pending attack would do there (K5).

    With and without the best single defence card of the catalog the move allows. Values the
    catalog lacks show as null with the reason (K9).
    """
    if state.phase not in (Phase.TURN, Phase.COMBO):
        return {}
    cards = kenpo_cards(state.owner_values)
    seat = state.turn
    attacker = Fighter(state.squares[1 - seat], state.sides[1 - seat])
    here = state.squares[seat]
    moves = (ring_moves(here, state.sides[seat], attacker.square) if state.move_due
             else [state.moves_made[-1] if state.moves_made else "stand"])
    squares = []
    for move in moves:
        square = step(here, move, state.sides[seat]) if state.move_due else here
        defender = Fighter(square, state.sides[seat])
        hits = [score(state.pending, i, cards, attacker, defender, {}, double_before_bonus=state.double_before_bonus)
                for i in range(len(state.pending))]
        squares.append({
            "square": list(square),
            "move": move if state.move_due else None,
            "break": state.move_due and move != "stand" and same_rank(square, attacker.square),
            "attacks": [_hit_data(cards, hit) for hit in hits],
            "total": _total(hits),
            "best_block": _best_block(state, cards, attacker, defender, move, _total(hits)),
        })
    return {
        "defender": state.names[seat],
        "attacker": state.names[1 - seat],
        "attacker_square": list(attacker.square),
        "defender_square": list(here),
        "squares": squares,
    }


def threat_map_lines(threats: dict[str, Any]) -> list[str]:
    """The threat map as text: one line per square the defender can reach."""
    if not threats or not threats["squares"]:
        return []

    def amount(value: int | None) -> str:
        return "?" if value is None else str(value)

    lines = [f"threat map: {threats['defender']} against {threats['attacker']}'s pending cards (K5)"]
    for entry in threats["squares"]:
        file, rank = entry["square"]
        where = f"({file}, {rank})" + (f" {entry['move']}" if entry["move"] else "")
        hits = ", ".join(f"{a['card']} {amount(a['damage'])}" for a in entry["attacks"]) or "nothing pending"
        line = f"  {where}: {hits} = {amount(entry['total'])}"
        block = entry["best_block"]
        if block:
            line += f"; with {block['card']} on {block['blocks']}: {amount(block['total'])}"
        if entry["break"]:
            line += "; BREAK (K4)"
        lines.append(line)
    return lines


def _hit_data(cards: dict[str, KenpoCard], hit: Hit) -> dict[str, Any]:
    return {"card": cards[hit.played.card].name, "index": hit.index, "damage": hit.points, "detail": hit.detail}


def _total(hits: list[Hit]) -> int | None:
    values = [h.points for h in hits]
    return None if any(v is None for v in values) else sum(v for v in values if v is not None)


def _counter(card: KenpoCard, defender: Fighter, attacker: Fighter) -> int:
    """Damage the defence card deals at once (Hard Block, KPD7): it scores for the defender."""
    adjacent = direction(defender.square, attacker.square, defender.side) is not None
    return int(card.special.get("immediate-damage", 0)) if adjacent else 0


def _best_block(state: KenpoState, cards: dict[str, KenpoCard], attacker: Fighter, defender: Fighter,
                move: str, unblocked: int | None) -> dict[str, Any] | None:
    """The one defence card, and the attack it blocks, that leaves the least damage on this square.

    None when no defence card the move allows lowers a damage the catalog can work out.
    """
    best: dict[str, Any] | None = None
    moved = move != "stand" or any(m != "stand" for m in state.moves_made)
    for card in cards.values():
        if not card.is_defence or card.move(move, state.mirror_on).allowed is False:
            continue
        defence = Played(card.id, state.turn, state.mirror_on, move)
        for index, attack in enumerate(state.pending):
            if not blockable(cards[attack.card], moved):
                continue
            hits = [score(state.pending, i, cards, attacker, defender, {index: [defence]},
                          double_before_bonus=state.double_before_bonus) for i in range(len(state.pending))]
            total = _total(hits)
            if total is None or (unblocked is not None and total >= unblocked):
                continue
            if best is None or total < best["total"]:
                best = {"card": card.name, "blocks": cards[attack.card].name, "blocks_index": index,
                        "total": total, "attacks": [_hit_data(cards, h) for h in hits],
                        "counter": _counter(card, defender, attacker)}
    return best
