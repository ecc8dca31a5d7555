"""The 3x3 ring (K1-K3): squares, the fighters' own directions, moves, adjacency, mirroring.

A square is (file, rank): files 0..2 left to right as Yellow sees the ring, ranks 0..2 from
Yellow's end to Red's end (K1). Each fighter faces the opponent's end for the whole match.
"""

from __future__ import annotations

Square = tuple[int, int]
SIZE = 3
YELLOW, RED = "yellow", "red"
SIDES = (YELLOW, RED)
START: dict[str, Square] = {YELLOW: (1, 0), RED: (1, 2)}

MOVES = ("forward", "back", "left", "right", "stand")
# A move as (steps to the fighter's right, steps forward) in his own frame (K2).
_MOVE_STEP: dict[str, tuple[int, int]] = {
    "forward": (0, 1), "back": (0, -1), "left": (-1, 0), "right": (1, 0), "stand": (0, 0),
}
DIRECTIONS = ("front", "front-left", "front-right", "left", "right", "back-left", "back-right", "back")
# The opponent's direction from the fighter, by (right, forward) offset in the fighter's frame (K3).
_DIRECTION_OF: dict[tuple[int, int], str] = {
    (0, 1): "front", (-1, 1): "front-left", (1, 1): "front-right", (-1, 0): "left", (1, 0): "right",
    (-1, -1): "back-left", (1, -1): "back-right", (0, -1): "back",
}
_MIRROR = {"left": "right", "right": "left", "front-left": "front-right", "front-right": "front-left",
           "back-left": "back-right", "back-right": "back-left"}


def _frame(side: str) -> int:
    """+1 when the fighter's own right and forward are Yellow's; -1 for Red, who faces the other way."""
    return 1 if side == YELLOW else -1


def on_ring(square: Square) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


def step(square: Square, move: str, side: str) -> Square:
    """Where `move` takes a fighter of `side` standing on `square` (maybe off the ring)."""
    right, forward = _MOVE_STEP[move]
    sign = _frame(side)
    return (square[0] + sign * right, square[1] + sign * forward)


def move_problem(square: Square, move: str, side: str, opponent: Square) -> str | None:
    """Why `move` is impossible from `square` (K2), or None when the ring allows it."""
    if move not in _MOVE_STEP:
        return f"{move!r} is not a move (moves: {', '.join(MOVES)})"
    target = step(square, move, side)
    if not on_ring(target):
        return f"stepping {move} from {square} leaves the ring"
    if move != "stand" and target == opponent:
        return f"stepping {move} from {square} lands on the opponent's square"
    return None


def ring_moves(square: Square, side: str, opponent: Square) -> list[str]:
    """Every move the ring allows (K2), whatever the cards say."""
    return [m for m in MOVES if move_problem(square, m, side, opponent) is None]


def direction(attacker: Square, defender: Square, attacker_side: str) -> str | None:
    """The defender's direction as the attacker sees it (K3), or None when they are not adjacent."""
    sign = _frame(attacker_side)
    right = sign * (defender[0] - attacker[0])
    forward = sign * (defender[1] - attacker[1])
    return _DIRECTION_OF.get((right, forward))


def same_rank(a: Square, b: Square) -> bool:
    """Side by side or with a square between: a Break (K4)."""
    return a[1] == b[1]


def mirror(name: str) -> str:
    """Left and right swapped (Change Sides); front, back and stand stay."""
    return _MIRROR.get(name, name)


def other_side(side: str) -> str:
    return RED if side == YELLOW else YELLOW
