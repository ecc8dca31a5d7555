"""The legal responses of the player to act: one button each, with the ruling's "why" and what follows;
or, where a play can move a fighter (MACE), grouped by kind with the moving cards chosen on the map."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.app.ui import Handler, Ui
from companion.app.viewmodels.live import LiveViewModel
from companion.app.viewmodels.moves import ResponseGroup, play_title
from companion.app.viewmodels.responses import ResponseItem


def response_card(item: ResponseItem, ui: Ui, on_choose: Callable[[ResponseItem], None]) -> ft.Control:
    lines: list[ft.Control] = [
        ui.button(item.label, lambda: on_choose(item), primary=True),
        ui.text(item.explanation, 14),
    ]
    if item.consequence:
        lines.append(ui.text(f"Then: {item.consequence}", 14))
    return ft.Container(ft.Column(lines, spacing=4), padding=8, border=ft.Border.all(1, "#777777"),
                        border_radius=8)


def response_items(vm: LiveViewModel, ui: Ui, on_choose: Callable[[ResponseItem], None],
                   on_more: Handler) -> list[ft.Control]:
    items: list[ft.Control] = [response_card(item, ui, on_choose) for item in vm.responses()]
    if not items:
        items.append(ui.text("No card play matches; see the other actions above.", 14))
    hidden = vm.hidden_response_count()
    if hidden:
        items.append(ui.button(f"Show {hidden} more responses", on_more))
    elif vm.show_all_responses:
        items.append(ui.button("Show fewer responses", on_more))
    return items


WHYS_SHOWN = 3


def grouped_response_items(vm: LiveViewModel, ui: Ui, on_choose: Callable[[ResponseItem], None],
                           on_move: Callable[[str], None]) -> list[ft.Control]:
    """One box per kind (Strike, Charge, Boost...): a button per card, the reasons once for the group;
    a card that moves is chosen here and its destination tapped on the map (issue 19)."""
    groups = vm.response_groups()
    if not groups:
        return [ui.text("No card play matches; see the other actions above.", 14)]
    chosen = vm.chosen_move()
    seat = vm.acting_seat()
    player = vm.match.setup.players[seat].name if seat is not None else ""
    return [_group(player, group, ui, on_choose, on_move, chosen.title if chosen else None) for group in groups]


def _group(player: str, group: ResponseGroup, ui: Ui, on_choose: Callable[[ResponseItem], None],
           on_move: Callable[[str], None], chosen: str | None) -> ft.Control:
    items = [*group.plays, *(v for move in group.moves for v in (move.stay, *(i for _, i in move.destinations))
                             if v is not None)]
    whys = list(dict.fromkeys(item.explanation for item in items))
    count = len(group.plays) + len(group.moves)
    lines: list[ft.Control] = [ui.text(f"{player} · {group.kind} · {count} {'card' if count == 1 else 'cards'}"
                                       + (" · moves on the map" if group.moves else ""), 17, bold=True)]
    buttons: list[ft.Control] = [ui.button(play_title(item), partial(on_choose, item), primary=True)
                                 for item in group.plays]
    buttons += [ui.choice(move.title, move.title == chosen, partial(on_move, move.title)) for move in group.moves]
    lines.append(ft.Row(buttons, wrap=True))
    for move in group.moves:
        if move.title == chosen:
            lines.append(ui.text(f"{move.title}: now tap a numbered square on the map above, where the "
                                 "fighter goes (the number says how many hexes away).", 15, bold=True))
            if move.stay is not None:
                lines.append(ui.button(f"{move.title} and stay where he is", partial(on_choose, move.stay)))
    lines += [ui.text(why, 13) for why in whys[:WHYS_SHOWN]]
    if len(whys) > WHYS_SHOWN:
        lines.append(ui.text(f"... and {len(whys) - WHYS_SHOWN} other reasons: filter by a card to see its own.", 13))
    return ft.Container(ft.Column(lines, spacing=4), padding=8, border=ft.Border.all(1, "#777777"),
                        border_radius=8)
