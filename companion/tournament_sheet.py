"""A tournament printed for the club's wall: the bracket round by round, or the round-robin table, on A4.

Rounds are listed one below the other (never a tiny tree), each pairing with its result, then the
standings; a round robin gets its cross table (1, ½, 0 for the row player). PDF with ReportLab (the
library the tag sheets use), PNG with Pillow, from the same lines so the two never differ.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

A4_POINTS = (595.27, 841.89)
MARGIN = 48
LINE = 16


class SheetError(Exception):
    pass


def _lines(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(style, text) lines: style is title, heading or body."""
    status = f"champion: {data['winner']}" if data["winner"] else "in progress"
    lines = [("title", f"{data['name']}"), ("body", f"{data['ruleset']} - {data['format']} - {status}")]
    rounds: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for pairing in data["pairings"]:
        rounds.setdefault((pairing["stage"], pairing["round"]), []).append(pairing)
    byes: dict[tuple[int, int], list[str]] = {}
    for bye in data["byes"]:
        byes.setdefault((1, bye["round"]), []).append(bye["player"])
    to_come: dict[tuple[int, int], list[list[str]]] = {}
    for pairing in data.get("to_come", []):
        to_come.setdefault((1, pairing["round"]), []).append(pairing["players"])
    for stage, round_number in sorted(set(rounds) | set(byes) | set(to_come)):
        label = f"Round {round_number}" if stage == 1 else f"Tie-break {stage - 1}, round {round_number}"
        lines.append(("heading", label))
        for pairing in rounds.get((stage, round_number), []):
            a, b = pairing["players"]
            shown = pairing["result"]
            outcome = "to play" if shown is None else "draw" if shown["draw"] else f"{shown['winner']} won"
            lines.append(("body", f"{a}  v  {b}:  {outcome}"))
        for player in byes.get((stage, round_number), []):
            lines.append(("body", f"{player}: bye"))
        for a, b in to_come.get((stage, round_number), []):
            lines.append(("body", f"{a}  v  {b}:  to come"))
    if data["format"] == "round-robin":
        lines.append(("heading", "Table (row player's points against each column)"))
        players = data["players"]
        lines.append(("mono", " " * 12 + "".join(f"{p[:6]:>7}" for p in players)))
        for row in players:
            cells = [_cell(data, row, column) for column in players]
            lines.append(("mono", f"{row[:12]:<12}" + "".join(f"{cell:>7}" for cell in cells)))
    lines.append(("heading", "Standings"))
    for row in data["standings"]:
        lines.append(("body", f"{row['place']:>2}.  {row['player']}   {row['points']:g} points   "
                              f"({row['wins']} won, {row['draws']} drawn, {row['losses']} lost)"))
    for note in data["notes"]:
        lines.append(("body", f"Note: {note}"))
    return lines


def _cell(data: dict[str, Any], row: str, column: str) -> str:
    if row == column:
        return "-"
    for pairing in data["pairings"]:
        if pairing["stage"] == 1 and set(pairing["players"]) == {row, column} and pairing["result"]:
            shown = pairing["result"]
            return "1/2" if shown["draw"] else "1" if shown["winner"] == row else "0"
    return "."


def write_tournament_sheet(data: dict[str, Any], path: Path) -> Path:
    kind = path.suffix.lower()
    if kind not in (".pdf", ".png"):
        raise SheetError(f"{path.name}: end the name with .pdf or .png")
    lines = _lines(data)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        (_write_pdf if kind == ".pdf" else _write_png)(lines, path)
    except OSError as error:
        raise SheetError(f"{path}: could not be written ({error.strerror})") from None
    return path


def _write_pdf(lines: list[tuple[str, str]], path: Path) -> None:
    from reportlab.pdfgen import canvas

    page = canvas.Canvas(str(path), pagesize=A4_POINTS)
    page.setTitle(lines[0][1])
    y = A4_POINTS[1] - MARGIN
    for style, text in lines:
        size = {"title": 20, "heading": 14}.get(style, 11)
        if y - size < MARGIN:
            page.showPage()
            y = A4_POINTS[1] - MARGIN
        font = "Courier" if style == "mono" else "Helvetica-Bold" if style in ("title", "heading") else "Helvetica"
        page.setFont(font, size if style != "mono" else 9)
        y -= size + (8 if style == "heading" else 4)
        page.drawString(MARGIN, y, text.replace("\u00bd", "1/2"))
    page.save()


def _write_png(lines: list[tuple[str, str]], path: Path) -> None:
    from PIL import Image, ImageDraw, ImageFont

    scale = 2  # 144 dpi: sharp on a screen, readable printed
    width = int(A4_POINTS[0] * scale)
    height = int(MARGIN * 2 * scale + sum((22 if s == "title" else 18 if s == "heading" else LINE) for s, _ in lines)
                 * scale * 1.4)
    image = Image.new("RGB", (width, max(height, 400)), "white")
    draw = ImageDraw.Draw(image)
    y = MARGIN * scale
    for style, text in lines:
        size = {"title": 22, "heading": 16}.get(style, 12) * scale
        font = ImageFont.load_default(size=size)
        draw.text((MARGIN * scale, y), text, fill="black", font=font)
        y += int(size * 1.4)
    image.save(path)
