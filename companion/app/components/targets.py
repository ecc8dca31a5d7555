"""What a scoreboard calls when a player on it is tapped: that player becomes the target (Army of One)."""

from __future__ import annotations

from collections.abc import Callable

TargetChooser = Callable[[str], None]
