"""Card scanning: a camera frame or a photo in, the cards it shows out (`CardSighting`s).

Modules, one job each:
- `tagformat`: the versioned QR tag payload (docs/tags.md); `decklist` and `sheets`: printable
  tag sheets (PDF/PNG/SVG).
- `decoders`: zxing-cpp, pyzbar and OpenCV behind one interface, lazily imported; `qrchain`: the
  order they are tried in, with closer looks and fall-backs; `dewarp`: straightening curved prints.
- `quads`: card outlines and rectification; `recognizer`: registered faces (`FaceGallery`);
  `playing_cards`: standard cards by their corner index.
- `pipeline.Scanner`: a frame to its sightings, left to right; `tracker.CardTracker`: live video,
  each card reported once when stable; `identify`: decoded text to a sighting.
- `synthetic`: generated card faces, tables and camera effects for tests and benchmarks.
"""
