"""A deck's cards as a plain CSV a spreadsheet opens: one card a row, a header row naming the columns.

    name,style,kind,special,atk,def,lnk,cpt,adr,copies,sideboard,effects,text,id

Only `name` and `kind` must be there as columns; the others may be left out or empty. Several
effects share one cell, separated by ';' (`heal 1; draw 1 on hit`). Rows are counted as a
spreadsheet counts them (the header is row 1), and every error names the row and the column.
"""

from __future__ import annotations

import csv
import io

from companion.rules.errors import RulesError
from companion.rules.files import OWNER_FILE_MAX
from companion.rules.martial_arts_tcg.cards import (
    FIELDS,
    CardProblem,
    Deck,
    DeckCard,
    build_card,
    card_fields,
    duplicate_problem,
)

COLUMNS = FIELDS


class DeckCsvError(RulesError):
    """A CSV the deck cannot be read from: the file, the row and the column are named."""

    def __init__(self, source: str, reason: str, row: int | None = None, column: str | None = None) -> None:
        where = source + (f", row {row}" if row else "") + (f", column {column!r}" if column else "")
        super().__init__(f"{where}: {reason}")
        self.source = source
        self.row = row
        self.column = column
        self.reason = reason


def cards_from_csv(text: str, source: str = "deck.csv") -> tuple[DeckCard, ...]:
    """The cards of a CSV; DeckCsvError on the first problem, and nothing is half-read."""
    if len(text.encode("utf-8")) > OWNER_FILE_MAX:
        raise DeckCsvError(source, f"is larger than {OWNER_FILE_MAX // 1024 // 1024} MB")
    text = text.removeprefix("\ufeff")  # a spreadsheet's byte-order mark
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as error:
        raise DeckCsvError(source, f"is not a CSV file ({error})") from None
    if not rows:
        raise DeckCsvError(source, "is empty; the first row names the columns: " + ",".join(COLUMNS))
    header = [cell.strip().lower() for cell in rows[0]]
    for number, column in enumerate(header, start=1):
        if column not in COLUMNS:
            raise DeckCsvError(source, f"column {number} is headed {column[:30]!r}, which is no card field "
                               f"(columns: {', '.join(COLUMNS)})", 1)
    if len(set(header)) != len(header):
        raise DeckCsvError(source, "a column is named twice in the header", 1)
    for required in ("name", "kind"):
        if required not in header:
            raise DeckCsvError(source, f"the header has no {required!r} column", 1)
    cards: list[DeckCard] = []
    numbers: list[int] = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise DeckCsvError(source, f"the row has {len(row)} cells and the header {len(header)}", number)
        raw: dict[str, object] = {column: cell for column, cell in zip(header, row, strict=False)}
        try:
            cards.append(build_card(raw))
        except CardProblem as problem:
            raise DeckCsvError(source, problem.reason, number, problem.field) from None
        numbers.append(number)
    if not cards:
        raise DeckCsvError(source, "holds no card rows")
    duplicate = duplicate_problem(tuple(cards))
    if duplicate is not None:
        index, reason = duplicate
        raise DeckCsvError(source, reason, numbers[index], "name" if "name" in reason else "id")
    return tuple(cards)


def deck_from_csv(text: str, *, deck_id: str, name: str, source: str = "deck.csv", owner: str = "",
                  note: str = "") -> Deck:
    """A whole deck from a CSV of its cards and the deck's own id and name."""
    return Deck(deck_id=deck_id, name=name, cards=cards_from_csv(text, source), owner=owner, note=note)


def deck_to_csv(deck: Deck) -> str:
    """Every card, one row each, all columns; reads back to the same cards."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for card in deck.cards:
        fields = card_fields(card)
        row = []
        for column in COLUMNS:
            value = fields[column]
            if isinstance(value, list):
                row.append("; ".join(str(v) for v in value))
            else:
                row.append("" if value is None else str(value))
        writer.writerow(row)
    return out.getvalue()
