"""A match's score and penalties over its steps (flet-charts), with the same numbers written out:
players told apart by line style and by name, never by colour alone."""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.app.ui import Ui
from companion.app.viewmodels.history import Series

COLOURS = ("#C62828", "#1565C0", "#2E7D32", "#6A1B9A")


def score_chart(series: list[Series], ui: Ui) -> ft.Control:
    if not series or not series[0].values:
        return ft.Container(height=0)
    lines = []
    for line in series:
        lines.append(fch.LineChartData(
            points=[fch.LineChartDataPoint(x, y) for x, y in enumerate(line.values)],
            color=COLOURS[line.seat % len(COLOURS)], stroke_width=4 if not line.penalty else 2,
            dash_pattern=[6, 4] if line.penalty else None, point=True))
    top = max(max(s.values) for s in series)
    chart = fch.LineChart(data_series=lines, min_y=0, max_y=max(top, 1) + 1, min_x=0,
                          max_x=max(len(series[0].values) - 1, 1), height=180, interactive=False,
                          animation=None, left_axis=fch.ChartAxis(label_size=28, label_spacing=1),
                          bottom_axis=fch.ChartAxis(label_size=22, label_spacing=1))
    legend = [ui.text("Solid lines: score; dashed: penalties. Step by step:", 13, bold=True)]
    legend += [ui.text(s.describe(), 13) for s in series]
    # The chart itself is a picture to a screen reader; the legend below says the same in words.
    return ft.Column([ft.Container(content=chart, padding=ft.Padding.only(right=16)), *legend], spacing=4)
