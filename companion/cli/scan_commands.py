"""`shinpan scan`, `shinpan tags`, `shinpan register-face`: card scanning from the command line."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.cli.output import CliError, print_json, read_text
from companion.rules.errors import RulesError
from companion.rules.files import OWNER_FILE_MAX


def register(subparsers: Any) -> None:
    scan = subparsers.add_parser("scan", help="print the cards (QR tags or faces) seen in photos")
    scan.add_argument("images", nargs="+", metavar="IMAGE", help="photo files (PNG, JPEG...)")
    scan.add_argument("--catalog", help="only this catalog's cards count; tags of others are foreign (a Martial Arts "
                      "TCG deck file, DECK.toml, names its cards)")
    scan.add_argument("--gallery", help="face gallery file (from register-face) to recognise untagged cards")
    scan.add_argument("--effort", choices=("fast", "auto", "thorough"), default="auto",
                      help="fast: one decoder; auto (default): fall back while nothing is found; thorough: "
                           "every decoder merged, for a photo where one code of several is hard to read")
    scan.add_argument("--indices", choices=("english", "german", "french"), default="english",
                      help="letters of the playing cards' corner indices: english A K Q J, german A K D B, "
                           "french A R D V (default english); cards of other lettering are unrecognised")
    scan.add_argument("--index-corners", type=int, choices=(2, 4), default=4,
                      help="corners the playing cards print their index in: 4 (default; a card whose lower half "
                           "another hides is read by its two top indices) or 2 (most English decks: faster)")
    scan.add_argument("--json", action="store_true", help="print JSON")
    scan.set_defaults(func=cmd_scan)

    tags = subparsers.add_parser("tags", help="write a printable sheet of QR tag stickers for a catalog")
    tags.add_argument("catalog", metavar="CATALOG", help="catalog id, 'playing-cards', or a Martial Arts TCG deck "
                      "file (DECK.toml: one sticker per copy it owns, sideboard included)")
    tags.add_argument("--out", required=True, help="sheet file: .pdf, .png or .svg")
    tags.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    tags.add_argument("--size", type=float, default=20.0, help="code side in mm, 12-80 (default 20)")
    tags.add_argument("--deck", help="deck list file: one card a line, 'COUNT NAME' (default: whole catalog)")
    tags.add_argument("--dpi", type=int, default=300, help="PNG resolution, 72-1200 (default 300)")
    tags.add_argument("--json", action="store_true", help="print JSON")
    tags.set_defaults(func=cmd_tags)

    face = subparsers.add_parser("register-face", help="teach a face gallery a card from its photo or image")
    face.add_argument("image", metavar="IMAGE", help="photo of the card alone on a table, or its face image")
    face.add_argument("--catalog", required=True, help="catalog id")
    face.add_argument("--card", required=True, help="card id, name or alias")
    face.add_argument("--gallery", required=True, help="gallery file (.npz), created if missing")
    face.add_argument("--face", action="store_true", help="IMAGE is the upright face itself, not a photo")
    face.set_defaults(func=cmd_register_face)


def _deck_file(value: str | None) -> Any:
    """The catalog of a Martial Arts TCG deck file named instead of a catalog id, or None (docs/tags.md)."""
    if value is None or not value.lower().endswith(".toml"):
        return None
    from companion.rules.martial_arts_tcg.deck_catalog import deck_catalog
    from companion.rules.martial_arts_tcg.deck_toml import load_deck

    try:
        return deck_catalog(load_deck(value), value)
    except RulesError as error:
        raise CliError(str(error)) from None


def _check_catalog(catalog: str) -> None:
    from cardscans.playing_cards import CATALOG as PLAYING_CARDS
    from companion.rules.catalog import available_catalogs

    known = [*available_catalogs(), PLAYING_CARDS]
    if catalog not in known:
        raise CliError(f"unknown catalog {catalog!r} (known: {', '.join(known)})")


def _sighting_line(sighting: Any, names: dict[str, str] | None = None) -> str:
    where = f"at {sighting.centre[0]:.0f},{sighting.centre[1]:.0f}"
    if sighting.kind == "card":
        copy = f" copy {sighting.copy}" if sighting.copy else ""
        name = f" {names[sighting.card_id]!r}" if names and sighting.card_id in names else ""
        return (f"  card {sighting.catalog}/{sighting.card_id}{name}{copy} ({sighting.method}, "
                f"confidence {sighting.confidence:.2f}) {where}")
    if sighting.kind == "foreign":
        text = sighting.text or ""
        shown = text if len(text) <= 60 else text[:60] + "..."
        escaped = shown.encode("unicode_escape").decode("ascii")  # one line, control characters visible
        return f"  foreign code '{escaped}': {sighting.reason} {where}"
    return f"  unrecognised card {where}: {sighting.reason}"


def cmd_scan(args: argparse.Namespace) -> int:
    from cardscans.decoders import DecoderUnavailable
    from cardscans.imageio import ImageError, read_image
    from cardscans.pipeline import Scanner
    from cardscans.recognizer import FaceGallery

    known = _deck_file(args.catalog)
    if args.catalog and known is None:
        _check_catalog(args.catalog)
    gallery = None
    if args.gallery:
        try:
            gallery = FaceGallery.load(args.gallery)
        except ImageError as error:
            raise CliError(str(error)) from None
    try:
        scanner = Scanner.for_known_catalog(known, gallery) if known else Scanner.for_catalog(
            args.catalog, gallery, card_indices=args.indices, index_corners=args.index_corners)
    except DecoderUnavailable as error:
        raise CliError(str(error)) from None
    if not scanner.reader.available:
        raise CliError("no QR decoder could be loaded: " + "; ".join(scanner.reader.missing.values()))
    results: list[dict[str, Any]] = []
    names = {card.id: card.name for card in known.cards} if known is not None else None
    failed = 0
    for path in args.images:
        try:
            sightings = scanner.scan(read_image(path), effort=args.effort)
            found = [s.to_dict() | ({"name": names.get(s.card_id or "")} if names else {}) for s in sightings]
            results.append({"path": path, "sightings": found})
            if not args.json:
                print(f"{path}: {len(sightings)} sighting{'s' if len(sightings) != 1 else ''}")
                for sighting in sightings:
                    print(_sighting_line(sighting, names))
        except Exception as error:  # one bad photo never hides the others' results
            failed += 1
            message = str(error) if isinstance(error, ImageError) else \
                f"could not be scanned ({type(error).__name__}: {error}); try another photo"
            results.append({"path": path, "error": message, "sightings": []})
            if not args.json:
                print(f"{path}: error: {message}")
    if args.json:
        print_json(results)
    return 1 if failed else 0


def cmd_tags(args: argparse.Namespace) -> int:
    from cardscans.decklist import DeckListError, catalog_cards, known_catalog_cards, parse_deck_list, stickers
    from cardscans.sheets import SheetError, write_sheet

    known = _deck_file(args.catalog)
    if known is None:
        _check_catalog(args.catalog)
    elif args.deck:
        raise CliError(f"{args.catalog} is a deck file: it lists its own copies; --deck is for a catalog id")
    catalog_id = known.id if known is not None else args.catalog
    try:
        if known is not None:
            cards = known_catalog_cards(known)
        elif args.deck:
            cards = parse_deck_list(read_text(args.deck, limit=OWNER_FILE_MAX, what="deck list"), args.catalog)
        else:
            cards = catalog_cards(args.catalog)
        chosen = stickers(catalog_id, cards)
        files = write_sheet(chosen, args.out, paper=args.paper, size_mm=args.size,
                            title=known.name if known is not None else args.catalog, dpi=args.dpi)
    except (DeckListError, SheetError, RulesError) as error:
        where = f"{args.deck}: " if args.deck and isinstance(error, DeckListError) else ""
        raise CliError(f"{where}{error}") from None
    except OSError as error:
        raise CliError(f"{args.out}: cannot write ({error.strerror})") from None
    if args.json:
        print_json({
            "catalog": catalog_id,
            "stickers": len(chosen),
            "files": [str(f) for f in files],
            "cards": [{"card_id": c.card_id, "name": c.name, "copies": c.count} for c in cards],
        })
    else:
        print(f"{len(chosen)} stickers of {len(cards)} cards written to {', '.join(str(f) for f in files)}")
    return 0


def cmd_register_face(args: argparse.Namespace) -> int:
    from cardscans.imageio import ImageError, read_image
    from cardscans.recognizer import FaceGallery

    _check_catalog(args.catalog)
    from companion.rules.catalog import load_catalog

    try:
        card_id = load_catalog(args.catalog).find(args.card).id
    except RulesError as error:
        raise CliError(str(error)) from None
    gallery_path = Path(args.gallery)
    if gallery_path.suffix != ".npz":
        raise CliError(f"{gallery_path}: a gallery file name ends with .npz")
    try:
        gallery = FaceGallery.load(gallery_path) if gallery_path.exists() else FaceGallery()
        image = read_image(args.image)
        if args.face:
            gallery.register_face(args.catalog, card_id, image)
        else:
            gallery.register_photo(args.catalog, card_id, image)
        gallery.save(gallery_path)
    except ImageError as error:
        raise CliError(str(error)) from None
    print(f"registered {args.catalog}/{card_id} in {gallery_path} ({len(gallery)} cards)")
    return 0
