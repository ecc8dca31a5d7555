"""`build` makes legal responses and their actions without the dataclass __init__ (issue 17): each
must be the very value its class makes, and the quick way must still be the one in use."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from companion.rules.mace import build
from companion.rules.mace.state import Blast, Boost, Dodge, PlayMomentum, Strike
from companion.rules.model import Action, LegalResponse

MADE_BOTH_WAYS: list[tuple[Action, Action]] = [
    (build.boost(1, "kh", (2, -3)), Boost(1, "kh", (2, -3))),
    (build.boost(0, "2c", None), Boost(0, "2c")),
    (build.dodge(2, "ah", (0, 1)), Dodge(2, "ah", (0, 1))),
    (build.dodge(2, "ah", None), Dodge(2, "ah")),
    (build.play_momentum(3, "qd"), PlayMomentum(3, "qd")),
    (build.strike(0, "10s", "Ben"), Strike(0, "10s", "Ben")),
    (build.blast(1, "rj", "5c", "Dee"), Blast(1, "rj", "5c", "Dee")),
]


def test_the_quick_builders_are_in_use() -> None:
    # False when a class gained a field, a __post_init__ or slots: update build.py.
    assert build.FAST


@pytest.mark.parametrize(("quick", "usual"), MADE_BOTH_WAYS, ids=lambda a: type(a).__name__)
def test_a_quickly_built_action_is_the_value_its_class_makes(quick: Action, usual: Action) -> None:
    assert type(quick) is type(usual)
    assert quick == usual and hash(quick) == hash(usual) and repr(quick) == repr(usual)
    assert vars(quick) == vars(usual)
    with pytest.raises(FrozenInstanceError):
        quick.actor = 5  # type: ignore[misc]


def test_a_quickly_built_response_is_the_value_legal_response_makes() -> None:
    quick = build.response(build.boost(0, "kh", (1, 0)), "MACE Momentum Boost", "why", "then")
    usual = LegalResponse(Boost(0, "kh", (1, 0)), "MACE Momentum Boost", "why", "then")
    assert quick == usual and hash(quick) == hash(usual) and repr(quick) == repr(usual)
    assert vars(quick) == vars(usual)
    with pytest.raises(FrozenInstanceError):
        quick.why = "changed"  # type: ignore[misc]
