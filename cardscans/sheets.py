"""Printable tag sheets: stickers laid out on A4 or Letter, written as PDF, PNG or SVG.

Codes come from segno; the PDF from reportlab; the PNG is drawn with Pillow (a dependency of
reportlab) using reportlab's bundled Vera font, so every format looks the same on any machine.
Each sticker: the code with a quiet zone of 4 modules, then the card's name and `copy/copies`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

import segno

from cardscans.decklist import Sticker

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 10.0
GAP_MM = 3.0
LABEL_MM = 7.0
MIN_SIZE_MM, MAX_SIZE_MM = 12.0, 80.0
# 72 dpi is a screen's; 1200 a good printer's finest. An A4 page at 1200 dpi is already 140 MP.
MIN_DPI, MAX_DPI = 72, 1200
FORMATS = ("pdf", "png", "svg")


class SheetError(ValueError):
    """An impossible sheet request (unknown paper, size, format); says what to choose instead."""


@dataclass(frozen=True)
class Placement:
    sticker: Sticker
    page: int
    x: float  # mm from the page's left edge to the code's left edge
    y: float  # mm from the page's top edge to the code's top edge
    size: float


def printable_label(text: str) -> str:
    """Text the built-in fonts can print: arrows as '->', other missing glyphs as '?'."""
    text = text.replace("\u2192", "->")
    return "".join(ch if ord(ch) < 256 else "?" for ch in text)


def layout(stickers: list[Sticker], paper: str = "a4", size_mm: float = 20.0) -> list[Placement]:
    if paper not in PAPERS:
        raise SheetError(f"unknown paper {paper!r}; choose {' or '.join(PAPERS)}")
    if not MIN_SIZE_MM <= size_mm <= MAX_SIZE_MM:
        raise SheetError(f"sticker size {size_mm:g} mm; choose between {MIN_SIZE_MM:g} and {MAX_SIZE_MM:g}")
    width, height = PAPERS[paper]
    cell_w, cell_h = size_mm + GAP_MM, size_mm + LABEL_MM + GAP_MM
    columns = max(1, int((width - 2 * MARGIN_MM + GAP_MM) // cell_w))
    rows = max(1, int((height - 2 * MARGIN_MM + GAP_MM) // cell_h))
    per_page = columns * rows
    placements = []
    for index, sticker in enumerate(stickers):
        page, slot = divmod(index, per_page)
        row, column = divmod(slot, columns)
        placements.append(Placement(sticker, page, MARGIN_MM + column * cell_w, MARGIN_MM + row * cell_h, size_mm))
    return placements


def _runs(sticker: Sticker) -> tuple[int, list[tuple[int, int, int]]]:
    """The code's width in modules (with the quiet zone) and its dark runs: (row, first column, length)."""
    qr = segno.make_qr(sticker.payload, error="m", boost_error=False)
    matrix = [list(row) for row in qr.matrix]
    border = 4
    modules = len(matrix) + 2 * border
    runs = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                runs.append((r + border, start + border, c - start))
            else:
                c += 1
    return modules, runs


def page_count(placements: list[Placement]) -> int:
    return max((p.page for p in placements), default=-1) + 1


def write_sheet(stickers: list[Sticker], out: str | Path, paper: str = "a4", size_mm: float = 20.0,
                title: str = "", dpi: int = 300) -> list[Path]:
    """Writes the sheet; returns the files written (PNG and SVG: one file per page, `-2`, `-3`...)."""
    path = Path(out)
    kind = path.suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise SheetError(f"{path.name}: unknown sheet format; end the name with .pdf, .png or .svg")
    if not stickers:
        raise SheetError("no stickers to print")
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise SheetError(f"resolution {dpi} dpi; choose between {MIN_DPI} and {MAX_DPI} (300 suits most printers)")
    placements = layout(stickers, paper, size_mm)
    if kind == "pdf":
        _write_pdf(placements, path, PAPERS[paper], title)
        return [path]
    written = []
    for page in range(page_count(placements)):
        target = path if page == 0 else path.with_name(f"{path.stem}-{page + 1}{path.suffix}")
        on_page = [p for p in placements if p.page == page]
        if kind == "png":
            _write_png(on_page, target, PAPERS[paper], dpi)
        else:
            _write_svg(on_page, target, PAPERS[paper])
        written.append(target)
    return written


def _write_pdf(placements: list[Placement], path: Path, paper: tuple[float, float], title: str) -> None:
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas

    page_w, page_h = paper
    pdf = canvas.Canvas(str(path), pagesize=(page_w * mm, page_h * mm))
    pdf.setTitle(title or "Shinpan tag sheet")
    for page in range(page_count(placements)):
        if page:
            pdf.showPage()
        for p in (q for q in placements if q.page == page):
            modules, runs = _runs(p.sticker)
            unit = p.size / modules
            pdf.setStrokeColorRGB(0.8, 0.8, 0.8)
            pdf.setLineWidth(0.2)
            pdf.rect(p.x * mm, (page_h - p.y - p.size - LABEL_MM) * mm, p.size * mm, (p.size + LABEL_MM) * mm)
            pdf.setFillColorRGB(0, 0, 0)
            for row, column, length in runs:
                x = p.x + column * unit
                y = page_h - (p.y + (row + 1) * unit)
                pdf.rect(x * mm, y * mm, length * unit * mm, unit * mm * 1.02, stroke=0, fill=1)
            font = min(2.6, p.size / 8)
            pdf.setFont("Helvetica-Bold", font * 72 / 25.4)
            name = printable_label(p.sticker.name)
            pdf.drawCentredString((p.x + p.size / 2) * mm, (page_h - p.y - p.size - font) * mm, name)
            pdf.setFont("Helvetica", font * 0.85 * 72 / 25.4)
            pdf.drawCentredString((p.x + p.size / 2) * mm, (page_h - p.y - p.size - 2.3 * font) * mm,
                                  p.sticker.caption)
    pdf.save()


def _font(size_px: int, bold: bool = False):  # type: ignore[no-untyped-def]
    import reportlab
    from PIL import ImageFont

    name = "VeraBd.ttf" if bold else "Vera.ttf"
    return ImageFont.truetype(str(Path(reportlab.__file__).parent / "fonts" / name), size_px)


def _write_png(placements: list[Placement], path: Path, paper: tuple[float, float], dpi: int) -> None:
    from PIL import Image, ImageDraw

    px = dpi / 25.4
    image = Image.new("L", (math.ceil(paper[0] * px), math.ceil(paper[1] * px)), 255)
    draw = ImageDraw.Draw(image)
    for p in placements:
        modules, runs = _runs(p.sticker)
        unit = p.size / modules
        draw.rectangle([p.x * px, p.y * px, (p.x + p.size) * px, (p.y + p.size + LABEL_MM) * px], outline=200)
        for row, column, length in runs:
            x0, y0 = (p.x + column * unit) * px, (p.y + row * unit) * px
            draw.rectangle([round(x0), round(y0), round(x0 + length * unit * px) - 1,
                            round(y0 + unit * px) - 1], fill=0)
        font = min(2.6, p.size / 8)
        centre = (p.x + p.size / 2) * px
        draw.text((centre, (p.y + p.size + 0.2) * px), printable_label(p.sticker.name), fill=0,
                  font=_font(round(font * px), bold=True), anchor="mt")
        draw.text((centre, (p.y + p.size + 0.4 + font * 1.1) * px), p.sticker.caption, fill=0,
                  font=_font(round(font * 0.85 * px)), anchor="mt")
    image.save(path, dpi=(dpi, dpi))


def _write_svg(placements: list[Placement], path: Path, paper: tuple[float, float]) -> None:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper[0]}mm" height="{paper[1]}mm" '
        f'viewBox="0 0 {paper[0]} {paper[1]}">',
        f'<rect width="{paper[0]}" height="{paper[1]}" fill="#fff"/>',
    ]
    for p in placements:
        modules, runs = _runs(p.sticker)
        unit = p.size / modules
        parts.append(f'<rect x="{p.x:.3f}" y="{p.y:.3f}" width="{p.size:.3f}" height="{p.size + LABEL_MM:.3f}" '
                     'fill="none" stroke="#ccc" stroke-width="0.2"/>')
        path_data = "".join(
            f"M{p.x + c * unit:.3f} {p.y + r * unit:.3f}h{n * unit:.3f}v{unit:.3f}h{-n * unit:.3f}z"
            for r, c, n in runs
        )
        parts.append(f'<path d="{path_data}" fill="#000"/>')
        font = min(2.6, p.size / 8)
        cx = p.x + p.size / 2
        parts.append(f'<text x="{cx:.3f}" y="{p.y + p.size + font:.3f}" font-family="sans-serif" '
                     f'font-weight="bold" font-size="{font:.2f}" text-anchor="middle">'
                     f"{escape(p.sticker.name)}</text>")
        parts.append(f'<text x="{cx:.3f}" y="{p.y + p.size + 2.2 * font:.3f}" font-family="sans-serif" '
                     f'font-size="{font * 0.85:.2f}" text-anchor="middle">{p.sticker.caption}</text>')
    parts.append("</svg>")
    path.write_text("\n".join(parts), encoding="utf-8")
