"""What a scoreboard calls when something on it is tapped: a player's name (he becomes the target, Army
of One), or a hex of the map written `hex q,r` (the chosen move goes there, MACE;
companion/app/viewmodels/moves.py)."""

from __future__ import annotations

from collections.abc import Callable

TargetChooser = Callable[[str], None]
