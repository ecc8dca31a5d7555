"""A match's score and penalties over its steps (flet-charts), with the same numbers written out:
each player has his own line style (solid, dashed, dotted, dash-dot) as well as his colour, and the
legend draws each line beside its player's name, so no one is told apart by colour alone (issue 19)."""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.app.ui import Ui
from companion.app.viewmodels.history import Series

COLOURS = ("#C62828", "#1565C0", "#2E7D32", "#6A1B9A")
# A player's line pattern (dash, gap, ...), by seat, and its name in words for the legend.
DASHES: tuple[tuple[list[int] | None, str], ...] = (
    (None, "solid line"), ([12, 6], "dashed line"), ([3, 5], "dotted line"), ([12, 4, 3, 4], "dash-dot line"))
SCORE_WIDTH, PENALTY_WIDTH = 4, 2
SWATCH_WIDTH = 44


def score_chart(series: list[Series], ui: Ui) -> ft.Control:
    if not series or not series[0].values:
        return ft.Container(height=0)
    lines = []
    for line in series:
        dash, _ = DASHES[line.seat % len(DASHES)]
        lines.append(fch.LineChartData(
            points=[fch.LineChartDataPoint(x, y) for x, y in enumerate(line.values)],
            color=COLOURS[line.seat % len(COLOURS)], stroke_width=PENALTY_WIDTH if line.penalty else SCORE_WIDTH,
            dash_pattern=dash, point=not line.penalty))
    top = max(max(s.values) for s in series)
    steps = len(series[0].values) - 1
    chart = fch.LineChart(data_series=lines, min_y=0, max_y=max(top, 1) + 1, min_x=0, max_x=max(steps, 1),
                          height=200, interactive=False, animation=None,
                          # room for two-digit labels at any text size: none is cut at the chart's edge
                          left_axis=fch.ChartAxis(label_size=ui.size(34), label_spacing=max(1, (top + 1) // 5),
                                                  title=ui.text("points", 12), title_size=ui.size(18)),
                          bottom_axis=fch.ChartAxis(label_size=ui.size(26), label_spacing=max(1, steps // 6),
                                                    title=ui.text("step", 12), title_size=ui.size(18)))
    legend: list[ft.Control] = [ui.text("Legend: thick lines with dots are scores, thin lines penalties.", 13,
                                        bold=True)]
    legend += [_legend_row(line, ui) for line in series]
    # The chart itself is a picture to a screen reader; the legend says the same in words and numbers.
    return ft.Column([ft.Container(content=chart, padding=ft.Padding.only(right=20, top=8)), *legend], spacing=4)


def _legend_row(line: Series, ui: Ui) -> ft.Control:
    dash, style = DASHES[line.seat % len(DASHES)]
    colour = COLOURS[line.seat % len(COLOURS)]
    width = PENALTY_WIDTH if line.penalty else SCORE_WIDTH
    swatch = ft.Row(_dashes(dash, colour, width), spacing=0, width=SWATCH_WIDTH)
    text = (f"{line.label}, {line.kind.upper()} ({style}{', thin' if line.penalty else ''}) after each step: "
            f"{' '.join(map(str, line.values))}")
    return ft.Row([swatch, ft.Container(ui.text(text, 13), expand=True)], spacing=8,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _dashes(pattern: list[int] | None, colour: str, width: int) -> list[ft.Control]:
    """The line's pattern drawn as short bars, as in the chart."""
    if pattern is None:
        return [ft.Container(width=SWATCH_WIDTH, height=width, bgcolor=colour)]
    bars: list[ft.Control] = []
    drawn, index = 0, 0
    while drawn < SWATCH_WIDTH:
        length = min(pattern[index % len(pattern)], SWATCH_WIDTH - drawn)
        ink = index % 2 == 0
        bars.append(ft.Container(width=length, height=width, bgcolor=colour if ink else None))
        drawn, index = drawn + length, index + 1
    return bars
