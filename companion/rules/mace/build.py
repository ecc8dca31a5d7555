"""Legal responses and the actions in them, built straight into their fields.

A frozen dataclass's __init__ sets each field through object.__setattr__, which costs about as
much as the rest of listing a response: a four-fighter turn lists some 300 (a Momentum Boost for
each card and destination), and building them took a third of `legal_responses`. These builders
put the same values into the instance's __dict__ as __init__ would, so the objects are the
same: equal, hashed and shown alike (tests/rules/mace/test_build.py checks each against its
class). That holds only while a class is a plain frozen dataclass with exactly these fields, no
__post_init__ and no __slots__; should one change (LegalResponse belongs to the core), its
classes are called as usual instead, correct but slower, and test_build.py fails to say so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from companion.rules.mace.hexgrid import Hex
from companion.rules.mace.state import Blast, Boost, Dodge, PlayMomentum, Strike
from companion.rules.model import Action, LegalResponse

_new = object.__new__


def _plain(cls: type, names: tuple[str, ...]) -> bool:
    return (tuple(f.name for f in fields(cls)) == names and not hasattr(cls, "__post_init__")
            and "__slots__" not in vars(cls))


FAST = (_plain(LegalResponse, ("action", "ruling", "why", "consequence"))
        and _plain(Boost, ("actor", "card", "to")) and _plain(Dodge, ("actor", "card", "to"))
        and _plain(PlayMomentum, ("actor", "card"))
        and _plain(Strike, ("actor", "card", "target"))
        and _plain(Blast, ("actor", "card", "charge", "target")))


def _response(action: Action, ruling: str, why: str, consequence: str) -> LegalResponse:
    made: LegalResponse = _new(LegalResponse)
    values = made.__dict__
    values["action"] = action
    values["ruling"] = ruling
    values["why"] = why
    values["consequence"] = consequence
    return made


def _boost(actor: int, card: str, to: Hex | None = None) -> Boost:
    made: Boost = _new(Boost)
    values = made.__dict__
    values["actor"] = actor
    values["card"] = card
    values["to"] = to
    return made


def _dodge(actor: int, card: str, to: Hex | None = None) -> Dodge:
    made: Dodge = _new(Dodge)
    values = made.__dict__
    values["actor"] = actor
    values["card"] = card
    values["to"] = to
    return made


def _play_momentum(actor: int, card: str) -> PlayMomentum:
    made: PlayMomentum = _new(PlayMomentum)
    values = made.__dict__
    values["actor"] = actor
    values["card"] = card
    return made


def _strike(actor: int, card: str, target: str) -> Strike:
    made: Strike = _new(Strike)
    values = made.__dict__
    values["actor"] = actor
    values["card"] = card
    values["target"] = target
    return made


def _blast(actor: int, card: str, charge: str, target: str) -> Blast:
    made: Blast = _new(Blast)
    values = made.__dict__
    values["actor"] = actor
    values["card"] = card
    values["charge"] = charge
    values["target"] = target
    return made


def _boost_lines(actor: int, card: str, destinations: list[tuple[Hex, str]], ruling: str, why: str,
                 found: list[LegalResponse]) -> None:
    add = found.append
    for to, consequence in destinations:  # `_boost` and `_response` inline: a turn lists ~200
        action: Boost = _new(Boost)
        values = action.__dict__
        values["actor"] = actor
        values["card"] = card
        values["to"] = to
        made: LegalResponse = _new(LegalResponse)
        values = made.__dict__
        values["action"] = action
        values["ruling"] = ruling
        values["why"] = why
        values["consequence"] = consequence
        add(made)


def _boost_lines_usual(actor: int, card: str, destinations: list[tuple[Hex, str]], ruling: str,
                       why: str, found: list[LegalResponse]) -> None:
    found += [LegalResponse(Boost(actor, card, to), ruling, why, consequence)
              for to, consequence in destinations]


# Each called as its class is: response(action, ruling, why, consequence), boost(actor, card, to).
response: Callable[[Action, str, str, str], LegalResponse] = _response if FAST else LegalResponse
boost: Callable[[int, str, Hex | None], Boost] = _boost if FAST else Boost
dodge: Callable[[int, str, Hex | None], Dodge] = _dodge if FAST else Dodge
play_momentum: Callable[[int, str], PlayMomentum] = _play_momentum if FAST else PlayMomentum
strike: Callable[[int, str, str], Strike] = _strike if FAST else Strike
blast: Callable[[int, str, str, str], Blast] = _blast if FAST else Blast
# boost_lines(actor, card, [(to, consequence), ...], ruling, why, found) appends to `found`
# response(boost(actor, card, to), ruling, why, consequence) for each destination.
boost_lines: Callable[[int, str, list[tuple[Hex, str]], str, str, list[LegalResponse]], None] = (
    _boost_lines if FAST else _boost_lines_usual)
