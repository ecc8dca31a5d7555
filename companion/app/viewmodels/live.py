"""The live referee screen: scoreboard data, the exchange, the legal responses, triggers, undo/redo.

Every change goes through the rules (`Match.push`), is saved at once, and never leaves the match
half-changed: an illegal or unreadable play only sets `message`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from companion.app.storage import LiveSession
from companion.app.viewmodels.card_picker import CardPickerViewModel
from companion.app.viewmodels.moves import MoveChoice, ResponseGroup, group_by_kind, hex_target
from companion.app.viewmodels.responses import ResponseItem
from companion.app.viewmodels.triggers import Trigger, triggers_of
from companion.rules.catalog import Catalog
from companion.rules.errors import IllegalAction, RulesError
from companion.rules.match import Match, Step
from companion.rules.model import Action, Forfeit
from companion.rules.record import format_action_line

RESPONSES_SHOWN = 12
# Consequences that hand the opponent a trigger: the declaration's button says them (issue 17).
CONCEDES = re.compile(r"IPPON|HANSOKU|\bBreak\b|BREAK|knock|drops? out|HIKI-WAKE|\bwins\b|\bloses\b", re.IGNORECASE)

# What the player to act is asked to do, by ruleset and the phase its summary names; any other
# phase reads "to act". A new ruleset adds its own lines here.
PHASE_WORDS = {
    ("kendo-shiai", "offer"): "to offer a brown card: the larger number starts",
    ("kendo-shiai", "start"): "to start a round",
    ("kenpo-masters", "setup"): "to act: who takes the first turn",
    ("kenpo-masters", "break"): "to end the turn: every card on the table resolves (K4)",
    ("mace", "momentum"): "to act: each fighter plays a momentum card",
    ("musashi", "switch"): "to say how many cards each switched before the game (0, 1 or 2)",
    ("musashi", "sums"): "to declare the sum of the brown cards in hand: the largest attacks first",
    ("musashi", "attack"): "to attack: a brown card (alone, or with SEME or JODAN NO KAMAE), OSHIDASHI or MAKI WAZA",
    ("musashi", "pull"): "to take the cards owed, blind",
    ("musashi", "bonus"): "to draw the bonus card (KT1 8)",
}


@dataclass(frozen=True)
class HandQuestion:
    """One question the referee answers by tapping a value (K9): what the action does, the question in
    words, why it is asked, and the responses that answer it, one value each."""

    action: str
    question: str
    reason: str
    answers: list[ResponseItem]


def board_data(match: Match) -> dict[str, Any]:
    data = match.summary()
    data["extras"] = {} if match.outcome().finished else match.ruleset.legal_extras(match.rules_state)
    return data


def plays_cards(action: Action) -> bool:
    """Actions that put cards on the table; the others (no answer, rest...) get their own big buttons."""
    return bool(getattr(action, "cards", None) or getattr(action, "card", None))


class LiveViewModel:
    def __init__(self, session: LiveSession, match_id: str) -> None:
        self.session = session
        self.match_id = match_id
        self.picker_open = False
        self.scanner_open = False
        self.forfeit_armed: int | None = None  # a forfeit takes two taps: it ends the match
        self.save_failed = False  # the last change could not be stored: offer to reload
        self.response_filter = ""
        self.show_all_responses = False
        self.seat_choice: int | None = None
        self.move_choice: str | None = None  # a card that moves, chosen; its hexes are marked on the map
        self._listed: tuple[Match, object, int, list[ResponseItem]] | None = None  # the position listed last
        self.banners: list[Trigger] = []
        self.message = ""  # a problem: the match is unchanged
        self.notice = ""  # what just happened (undone, redone)
        self.card_language = "romaji"
        self._catalogs: dict[int, Catalog | None] = {}
        self._picker_seat = self._seat_for_cards()
        self.picker = CardPickerViewModel.of(self.card_catalog())

    # --- what the screen shows ------------------------------------------------------------

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def ruleset_id(self) -> str:
        return self.match.ruleset.id

    @property
    def title(self) -> str:
        return self.match.ruleset.name

    def player_label(self, seat: int) -> str:
        player = self.match.setup.players[seat]
        return f"{player.name} ({player.side})" if player.side else player.name

    def summary(self) -> dict[str, Any]:
        return self.match.summary()

    def board(self) -> dict[str, Any]:
        """What the scoreboard draws: the summary plus the ruleset's extras (Kenpo's threat map), and the
        hexes the chosen moving card may go to, each with its distance (MACE)."""
        data = board_data(self.match)
        move = self.chosen_move()
        seat = self.acting_seat()
        if move is not None and seat is not None:
            mover = data.get("players", [{}] * (seat + 1))[seat]
            data["move"] = {"title": move.title, "fighter": mover.get("name"), "from": mover.get("hex"),
                            "hexes": [list(spot) for spot, _ in move.destinations]}
        return data

    @property
    def finished(self) -> bool:
        return self.match.outcome().finished

    def result_text(self) -> str:
        outcome = self.match.outcome()
        if not outcome.finished:
            return ""
        if outcome.draw:
            return f"Match drawn: {outcome.reason}"
        winners = ", ".join(self.player_label(s) for s in outcome.winners)
        return f"Match won by {winners}: {outcome.reason}"

    def turn_text(self) -> str:
        if self.finished:
            return self.result_text()
        seats = self.match.to_act()
        labels = [self.player_label(s) for s in seats]
        who = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
        summary = self.summary()
        if summary.get("to_answer"):
            return f"{who} to answer {summary['to_answer']}"
        words = PHASE_WORDS.get((self.ruleset_id, str(summary.get("phase"))))
        if words is None and summary.get("phase_name"):  # the ruleset names its phases (Martial Arts TCG)
            words = f"to act: {summary['phase_name']}"
        return f"{who} {words or 'to act'}"

    def table_lines(self) -> list[str]:
        table = self.summary().get("table") or []
        lines = []
        for entry in table:
            if isinstance(entry, dict):
                lines.append(f"{entry.get('player')}: {' + '.join(entry.get('cards', []))}")
            else:
                lines.append(str(entry))
        return lines

    def acting_seats(self) -> tuple[int, ...]:
        return self.match.to_act()

    def acting_seat(self) -> int | None:
        seats = self.acting_seats()
        if not seats:
            return None
        if len(seats) == 1:
            return seats[0]
        if self.seat_choice in seats:
            return self.seat_choice
        # Of the players who may act, the first who has something to do (the Enemy who may lead, T10).
        actors = {response.action.actor for response in self.match.legal_responses()}
        return next((seat for seat in seats if seat in actors), seats[0])

    def choose_seat(self, seat: int) -> None:
        self.seat_choice = seat

    def _all_responses(self) -> list[ResponseItem]:
        """The legal responses as items, made once per position: a redraw asks for them several times
        (plays, groups, questions, the map's move) and a MACE turn lists some 200."""
        match, listed = self.match, self._listed
        # A reload (another Match), an undo and a forfeit (another state object) are other positions.
        if listed is not None and listed[0] is match and listed[1] is match.state and listed[2] == len(match.actions):
            return listed[3]
        items = self._list_responses()
        self._listed = (match, match.state, len(match.actions), items)
        return items

    def _list_responses(self) -> list[ResponseItem]:
        setup, ruleset, state = self.match.setup, self.match.ruleset, self.match.rules_state
        step = len(self.match.actions)
        items = []
        for index, response in enumerate(self.match.legal_responses()):
            notation = format_action_line(setup, response.action)
            label = ruleset.action_words(state, setup, response.action) or notation
            destination = getattr(response.action, "to", None)
            items.append(ResponseItem(index, response.action.actor, label, response.ruling, response.why,
                                      response.consequence, plays_cards(response.action), step,
                                      ruleset.hand_entry(state, setup, response.action),
                                      hasattr(response.action, "to"),
                                      (int(destination[0]), int(destination[1])) if destination else None,
                                      notation))
        return items

    def responses(self) -> list[ResponseItem]:
        """The acting player's card plays matching the filter, a screenful unless all are asked for."""
        found = self._card_plays()
        return found if self.show_all_responses else found[:RESPONSES_SHOWN]

    def _card_plays(self) -> list[ResponseItem]:
        seat = self.acting_seat()
        wanted = self.response_filter.strip().casefold()
        return [r for r in self._all_responses() if r.actor == seat and r.plays_cards
                and wanted in (r.label + (" move" if r.moves else "")).casefold()]

    @property
    def grouped(self) -> bool:
        """Responses are shown by kind, moves chosen on the map, in a game played on a map (MACE)."""
        return self.match.ruleset.has_map

    def response_groups(self) -> list[ResponseGroup]:
        """The card plays matching the filter by kind: Strike, Charge, Boost... (issue 19)."""
        return group_by_kind(self._card_plays())

    def choose_move(self, title: str) -> None:
        """A card that moves was tapped ("Boost 2H"): the map now marks where it may go."""
        self.move_choice = None if self.move_choice == title else title

    def chosen_move(self) -> MoveChoice | None:
        if self.move_choice is None:
            return None
        return next((move for group in group_by_kind(self._card_plays()) for move in group.moves
                     if move.title == self.move_choice), None)

    def choose_hex(self, place: tuple[int, int]) -> bool:
        """A tap on a marked hex plays the chosen card's move there."""
        move = self.chosen_move()
        item = next((item for spot, item in move.destinations if spot == place), None) if move else None
        if item is None:
            self.message = "That hex is not one the chosen card can reach: tap a numbered hex."
            return False
        return self.tap(item)

    def hidden_response_count(self) -> int:
        if self.show_all_responses:
            return 0
        return max(0, len(self._card_plays()) - RESPONSES_SHOWN)

    def picker_completions(self, limit: int = 8) -> list[ResponseItem]:
        """Legal responses that begin with the picked cards: the move or partner card completes the play."""
        typed = " ".join(self.picker.text.split()).casefold()
        if not typed:
            return []
        seat = self.acting_seat()
        name = self.match.setup.players[seat].name if seat is not None else ""
        mine = [r for r in self._all_responses() if r.actor == seat]
        found = [r for r in mine if r.label.casefold().startswith(f"{name}: {typed}".casefold())]
        if not found:  # a play that names its cards after a verb ("Ann: attack Practice Jab")
            found = [r for r in mine if r.label.casefold().endswith(f" {typed}".casefold())]
        return found[:limit]

    def other_actions(self) -> list[ResponseItem]:
        """No answer, rest, offer nothing...: legal actions that put no card down and ask nothing."""
        seat = self.acting_seat()
        return [r for r in self._all_responses() if r.actor == seat and not r.plays_cards and r.hand is None]

    def hand_questions(self) -> list[HandQuestion]:
        """Actions that carry points entered by hand (K9), one question each with its answers: "How many
        points did Adam's Side Kick score?" 0 to 7 points, one button each, instead of a record line per value."""
        seat = self.acting_seat()
        groups: dict[tuple[str, str], HandQuestion] = {}
        for item in self._all_responses():
            if item.actor != seat or item.hand is None:
                continue
            key = (item.hand.rest, item.hand.question)
            if key not in groups:
                groups[key] = HandQuestion(item.hand.rest, item.hand.question, item.hand.reason, [])
            groups[key].answers.append(item)
        return list(groups.values())

    def button_text(self, item: ResponseItem) -> str:
        """A declaration that concedes a trigger says so on its button ("Ben: no answer (IPPON to the
        opponent)"), so one tap is enough and no dialog asks again; the banner then offers Undo."""
        if item.plays_cards or not CONCEDES.search(item.consequence):
            return item.label
        return f"{item.label} ({item.consequence})"

    def banner_undo_label(self) -> str:
        """The trigger banner's Undo: the step that raised it, one tap away."""
        step = self.match.peek_undo()
        return f"Undo it: {self._step_text(step)}" if step and self.banners else ""

    def undo_preview(self) -> str:
        step = self.match.peek_undo()
        return f"Undo {self._step_text(step)}" if step else "Nothing to undo"

    def redo_preview(self) -> str:
        step = self.match.peek_redo()
        return f"Redo {self._step_text(step)}" if step else "Nothing to redo"

    def _step_text(self, step: Step) -> str:
        text = f"step {step.number}: {format_action_line(self.match.setup, step.action)}"
        titles = [t.title for t in triggers_of(step.events, self.match.ruleset, self.match.setup)]
        return f"{text} ({', '.join(titles)})" if titles else text

    def timeline(self) -> list[str]:
        setup, ruleset = self.match.setup, self.match.ruleset
        lines = []
        for step in self.match.steps:
            lines.append(f"{step.number}. {format_action_line(setup, step.action)}")
            lines += [f"    {ruleset.describe_event(e, setup)}" for e in step.events if e.is_trigger]
        return lines

    # --- what the referee does ------------------------------------------------------------

    def filter_responses(self, text: str) -> None:
        self.response_filter = text

    def choose_target(self, name: str) -> None:
        """A tapped opponent: the responses listed are those aimed at him ("... at Ben"); a tapped hex of
        the map (`hex q,r`, companion/app/components/targets.py) plays the chosen move there."""
        place = hex_target(name)
        if place is not None:
            self.choose_hex(place)
            return
        self.response_filter = f"at {name}"
        self.show_all_responses = False

    def toggle_all_responses(self) -> None:
        self.show_all_responses = not self.show_all_responses

    def tap(self, item: ResponseItem) -> bool:
        """A tap on a listed response, taken once: a second tap of a fast double tap lands on the list
        drawn before the first was recorded, where the same place may now be another player's move."""
        if item.step != len(self.match.actions):
            self.notice = "That tap came after the match had moved on: it was not taken."
            return False
        return self.choose(item.index)

    def choose(self, index: int) -> bool:
        responses = self.match.legal_responses()
        if not 0 <= index < len(responses):
            self.message = "That response is no longer offered; choose again from the list."
            return False
        return self._push(responses[index].action)

    def play_text(self, text: str, seat: int | None = None) -> bool:
        """A play in the ruleset's notation (from the picker or a scan), accepted only if legal now."""
        actor = self.acting_seat() if seat is None else seat
        if actor is None:
            self.message = "The match is over: undo to change it."
            return False
        if not text.strip():
            self.message = "Pick a card first (or use 'no answer')."
            return False
        try:
            action = self.match.ruleset.parse_action(actor, text)
        except RulesError as error:
            self.message = f"Not read: {error}. Fix the play text or pick the cards again."
            self.notice = ""
            return False
        return self._push(action)

    def play_picked(self) -> bool:
        return self._picked_play_done(self.play_text(self.picker.text))

    def choose_completion(self, item: ResponseItem) -> bool:
        """A legal response that completes the picked cards: recorded, and the picker is done."""
        return self._picked_play_done(self.tap(item))

    def _picked_play_done(self, recorded: bool) -> bool:
        if recorded:
            self.picker.clear()
            self.picker_open = False
        return recorded

    def _seat_for_cards(self) -> int:
        seats = self.match.to_act()
        return seats[0] if seats else 0

    def card_catalog(self) -> Catalog | None:
        """The cards the player to act may play: the game's catalog, or his own deck (Martial Arts TCG).
        Kept per seat: a match's decks never change, and a scanner asks for it at every picture."""
        seat = self.acting_seat()
        seat = self._seat_for_cards() if seat is None else seat
        if seat not in self._catalogs:
            self._catalogs[seat] = self.match.ruleset.card_catalog(self.match.setup, seat)
        return self._catalogs[seat]

    def toggle_picker(self) -> None:
        self.picker_open = not self.picker_open
        seat = self.acting_seat() or 0
        if self.picker_open and seat != self._picker_seat and self.match.ruleset.catalog_id is None:
            self._picker_seat, self.picker = seat, CardPickerViewModel.of(self.card_catalog())  # his own deck

    def toggle_scanner(self) -> None:
        self.scanner_open = not self.scanner_open

    def forfeit_label(self, seat: int) -> str:
        if self.forfeit_armed == seat:
            return f"Tap again to confirm: {self.player_label(seat)} forfeits"
        return f"{self.player_label(seat)} forfeits the match"

    def forfeit(self, seat: int) -> bool:
        """The first tap only asks for confirmation; the second records the forfeit."""
        if self.forfeit_armed != seat:
            self.forfeit_armed = seat
            return False
        self.forfeit_armed = None
        return self._push(Forfeit(seat))

    def _push(self, action: Action) -> bool:
        recorded = len(self.match.actions)
        try:
            events = self.session.push(action)
        except IllegalAction as error:
            self.message = f"Not legal now: {error.reason} [{error.ruling}]. The match is unchanged."
            self.notice = ""
            return False
        except RulesError as error:
            if len(self.match.actions) == recorded:  # refused before anything changed: nothing to reload
                self.message = f"The rules could not apply it: {error}. The match is unchanged."
                self.notice = ""
                return False
            self._storage_failed(f"Not saved, so not recorded: {error}")
            return False
        except Exception as error:  # storage failed: the session has put the match back as stored
            self._storage_failed(f"Not saved, so not recorded: {error}")
            return False
        self.banners = triggers_of(events, self.match.ruleset, self.match.setup)
        self.message = ""
        self.notice = ""
        self._after_change()
        return True

    def undo(self) -> None:
        if not self.match.can_undo():
            self.message = "Nothing to undo."
            return
        try:
            step = self.session.undo()
        except Exception as error:
            self._storage_failed(f"Undo not saved, so not done: {error}")
            return
        self.banners = []
        self.message = ""
        self.notice = f"Undone {self._step_text(step)}"
        self._after_change()

    def redo(self) -> None:
        if not self.match.can_redo():
            self.message = "Nothing to redo."
            return
        try:
            step = self.session.redo()
        except Exception as error:
            self._storage_failed(f"Redo not saved, so not done: {error}")
            return
        self.banners = triggers_of(step.events, self.match.ruleset, self.match.setup)
        self.message = ""
        self.notice = f"Redone {self._step_text(step)}"
        self._after_change()

    def _storage_failed(self, what: str) -> None:
        """Show the match as stored (another device may have changed it); offer a reload if even that fails."""
        self.banners = []
        self.notice = ""
        try:
            self.session.reload()
        except Exception as error:
            self.message = f"{what}. Reading the match again failed too ({error}): tap Reload."
            self.save_failed = True
            return
        self.message = f"{what}. The screen now shows the match as stored."
        self.save_failed = False

    def reload(self) -> None:
        """The match as stored now: what another device recorded appears here too."""
        try:
            self.session.reload()
        except Exception as error:
            self.message = f"Could not reload: {error}."
            return
        self.banners = []
        self.message = ""
        self.save_failed = False
        self.notice = f"Reloaded: {len(self.match.actions)} actions as stored."

    def save_state(self) -> str:
        """While changes wait for the database (a served app writes in the background): what this phone
        keeps unsaved, or why a write is being retried; "" once everything is stored."""
        problem: str = getattr(self.session, "problem", "")
        if problem:
            return problem
        unsaved: int = getattr(self.session, "unsaved", 0)
        return f"Saving... ({unsaved} change{'s' if unsaved != 1 else ''} not yet stored)" if unsaved else ""

    def follow_store(self) -> None:
        """Take in what another phone changed (or recorded first); said once, as a notice."""
        take = getattr(self.session, "take_notice", None)
        notice: str = take() if take is not None else ""
        if notice:
            self.banners = []
            self.message = ""
            self.notice = notice

    def dismiss_banners(self) -> None:
        self.banners = []

    def _after_change(self) -> None:
        self.save_failed = False
        self.seat_choice = None
        self.forfeit_armed = None
        self.move_choice = None
        self.response_filter = ""
        self.show_all_responses = False
