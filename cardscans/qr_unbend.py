"""Reading a code on a bent or wavy sticker: locate it, fit a mesh to its module grid, flatten it.

A sticker on cloth or a curved card waves by up to a module or two across the code, so no single
perspective maps its grid onto a square and zbar loses track of the module rows. Here OpenCV's
detector locates the code's four corners even when it cannot decode it (`detect()` needs only the
finder patterns); the code's version comes from the finder patterns' width along the diagonals;
a coarse mesh of control points (bilinear between them), started at the perspective through those
corners, is then moved node by node until

- each module's centre and four points around it agree (sampling inside modules, not across edges),
- the modules whose colour every code shares (finder, separator, timing and alignment patterns)
  have that colour, and
- neighbouring nodes move alike (cloth bends smoothly);

and the code resampled through the mesh, flat and with a quiet zone, goes to the decoder (pyzbar on
a phone). In benchmarks/qr_photos.py this reads bent stickers on cloth (zxing-qr/qrcode-4/06 and
33) that no decoder here reads as taken. Only a last resort: it costs ~60 ms per version tried.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.decoders import DecodedCode, QrDecoder
from cardscans.imageio import Gray
from cardscans.sighting import Point

FloatArray = npt.NDArray[np.float32]

MESH_NODES = 4  # per side: enough for one wave across the code, few enough to stay smooth
PIXELS_PER_MODULE = 8  # of the flattened code: zbar reads 8-px modules reliably
QUIET_ZONE_MODULES = 4
MIN_MODULE_PX = 2.0  # a located code finer than this has too few pixels to flatten
# Sample points inside a module, in modules from its centre: far enough apart to straddle an edge
# when the grid is off by a third of a module, close enough to stay inside a well-placed module.
MODULE_PROBES = np.array([[0, 0], [0.3, 0], [-0.3, 0], [0, 0.3], [0, -0.3]], np.float32)
STEPS_IN_MODULES = (0.5, 0.25, 0.12)  # coarse to fine node moves
SWEEPS_PER_STEP = 3
MAX_NODE_SHIFT_MODULES = 1.5  # from the perspective start: a wave, not a different grid
PATTERN_WEIGHT = 2.0
SMOOTHNESS_WEIGHT = 0.5
VERSIONS_TRIED = 2  # the likeliest versions from the finder widths
# The detector runs on the frame reduced to this longer side: on a frame with no code it is the
# whole cost of this attempt (~16 ms on 1280x720 at full size, ~4 ms reduced)
DETECT_MAX_SIDE = 640
FINDER_SAMPLE_PX = 160  # side of the perspective-flattened code the finder widths are measured on
ALIGNMENT_CENTRE = {2: 18, 3: 22, 4: 26, 5: 30, 6: 34}  # versions 2-6 have one alignment pattern


def function_pattern(modules: int) -> npt.NDArray[np.int8]:
    """Module colours every code of this size shares: 1 dark, 0 light, -1 data (unknown)."""
    pattern = -np.ones((modules, modules), np.int8)
    finder = np.ones((7, 7), np.int8)
    finder[1:6, 1:6] = 0
    finder[2:5, 2:5] = 1
    last = modules - 7
    for row, column in ((0, 0), (0, last), (last, 0)):
        pattern[row:row + 7, column:column + 7] = finder
    # the light separators around the three finders
    pattern[7, :8] = pattern[:8, 7] = 0
    pattern[7, modules - 8:] = pattern[:8, modules - 8] = 0
    pattern[modules - 8, :8] = pattern[modules - 8:, 7] = 0
    for index in range(8, modules - 8):  # timing patterns: dark on even modules
        pattern[6, index] = pattern[index, 6] = int(index % 2 == 0)
    centre = ALIGNMENT_CENTRE.get((modules - 17) // 4)
    if centre is not None:
        alignment = np.ones((5, 5), np.int8)
        alignment[1:4, 1:4] = 0
        alignment[2, 2] = 1
        pattern[centre - 2:centre + 3, centre - 2:centre + 3] = alignment
    return pattern


def _bilinear_weights(module_points: FloatArray, low: float, high: float, nodes: int) -> FloatArray:
    """The weight of each mesh node in each point (module coordinates; points beyond the mesh
    extrapolate from its edge cells)."""
    scaled = (module_points - low) / (high - low) * (nodes - 1)
    cell = np.clip(np.floor(scaled).astype(np.int64), 0, nodes - 2)
    fraction = scaled - cell
    weights = np.zeros((len(module_points), nodes * nodes), np.float32)
    rows = np.arange(len(module_points))
    for dx in (0, 1):
        for dy in (0, 1):
            weight = (fraction[:, 0] if dx else 1 - fraction[:, 0]) * (fraction[:, 1] if dy else 1 - fraction[:, 1])
            np.add.at(weights, (rows, (cell[:, 1] + dy) * nodes + cell[:, 0] + dx), weight)
    return weights


def _sample(gray: FloatArray, points: FloatArray) -> FloatArray:
    xs = np.ascontiguousarray(points[:, 0].reshape(1, -1), dtype=np.float32)
    ys = np.ascontiguousarray(points[:, 1].reshape(1, -1), dtype=np.float32)
    return np.asarray(cv2.remap(gray, xs, ys, cv2.INTER_LINEAR, borderValue=255), dtype=np.float32).reshape(-1)


def likely_versions(gray: Gray, corners: FloatArray) -> list[int]:
    """The code's likeliest versions, nearest first: each finder pattern spans 7 modules, and its
    1:1:3:1:1 dark-light runs lie along the diagonal from its corner of the code."""
    side = FINDER_SAMPLE_PX
    square = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)
    to_frame = cv2.getPerspectiveTransform(square, corners)
    flat = cv2.warpPerspective(gray, to_frame, (side, side), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderValue=255)
    _, dark = cv2.threshold(flat, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    steps = np.arange(side // 2)
    module_widths = []
    for diagonal in (dark[steps, steps], dark[steps, side - 1 - steps], dark[side - 1 - steps, steps]):
        changes = np.flatnonzero(np.diff(diagonal)) + 1
        starts = np.concatenate([[0], changes])
        lengths = np.diff(np.concatenate([starts, [len(diagonal)]]))
        colours = diagonal[starts]
        if colours[0] == 0:  # a light margin before the finder's outer ring
            lengths = lengths[1:]
        if len(lengths) >= 5:
            module_widths.append(float(lengths[:5].sum()) / 7)
    if not module_widths:
        return []
    version = (side / float(np.median(module_widths)) - 17) / 4
    candidates = {int(np.clip(v, 1, 40)) for v in (round(version), np.floor(version), np.ceil(version))}
    return sorted(candidates, key=lambda v: abs(v - version))[:VERSIONS_TRIED]


class BentCodeMesh:
    """A mesh from module coordinates (0..modules across the code) to the frame's pixels."""

    def __init__(self, corners: FloatArray, modules: int) -> None:
        self.modules = modules
        self.low, self.high = -0.5, modules + 0.5
        node_uv = np.stack(np.meshgrid(np.linspace(self.low, self.high, MESH_NODES),
                                       np.linspace(self.low, self.high, MESH_NODES)), -1).reshape(-1, 2)
        square = np.array([[0, 0], [modules, 0], [modules, modules], [0, modules]], dtype=np.float32)
        perspective = cv2.getPerspectiveTransform(square, corners)
        self.start = np.asarray(cv2.perspectiveTransform(node_uv[None].astype(np.float32), perspective)[0],
                                dtype=np.float32)
        self.nodes = self.start.copy()
        self.module_px = float(np.linalg.norm(corners[1] - corners[0])) / modules

    def weights(self, module_points: FloatArray) -> FloatArray:
        return _bilinear_weights(module_points, self.low, self.high, MESH_NODES)

    def to_frame(self, module_points: FloatArray) -> FloatArray:
        return np.asarray(self.weights(module_points) @ self.nodes, dtype=np.float32)

    def fit(self, gray: Gray) -> None:
        """Moves the nodes, coarse to fine, while the cost (see the module's docstring) falls."""
        smooth = np.asarray(cv2.GaussianBlur(gray, (3, 3), 0), dtype=np.float32)
        n = self.modules
        centres = np.stack(np.meshgrid(np.arange(n) + 0.5, np.arange(n) + 0.5), -1).reshape(-1, 2)
        probes = (centres[:, None, :] + MODULE_PROBES[None]).reshape(-1, 2).astype(np.float32)
        probe_weights = self.weights(probes)
        pattern = function_pattern(n).reshape(-1)
        known = pattern >= 0
        should_be_dark = pattern[known] == 1
        probe_count = len(MODULE_PROBES)

        def cost(nodes: FloatArray) -> float:
            values = _sample(smooth, probe_weights @ nodes).reshape(-1, probe_count)
            centre = values[:, 0]
            dark, light = np.percentile(centre, 10), np.percentile(centre, 90)
            span = max(float(light - dark), 1.0)
            spread = float(np.abs(values - centre[:, None]).sum()) / span
            shared = centre[known]
            mismatch = float(np.where(should_be_dark, np.maximum(shared - dark, 0),
                                      np.maximum(light - shared, 0)).sum()) / span
            moved = (nodes - self.start).reshape(MESH_NODES, MESH_NODES, 2)
            bending = float(((moved[1:] - moved[:-1]) ** 2).sum() + ((moved[:, 1:] - moved[:, :-1]) ** 2).sum())
            return spread + PATTERN_WEIGHT * mismatch + SMOOTHNESS_WEIGHT * bending / self.module_px ** 2

        best = cost(self.nodes)
        limit = MAX_NODE_SHIFT_MODULES * self.module_px
        for step_modules in STEPS_IN_MODULES:
            step = step_modules * self.module_px
            moves = np.array([[step, 0], [-step, 0], [0, step], [0, -step]], dtype=np.float32)
            for _ in range(SWEEPS_PER_STEP):
                improved = False
                for node in range(len(self.nodes)):
                    for move in moves:
                        trial = self.nodes.copy()
                        trial[node] += move
                        if np.linalg.norm(trial[node] - self.start[node]) > limit:
                            continue
                        trial_cost = cost(trial)
                        if trial_cost < best:
                            best, self.nodes, improved = trial_cost, trial, True
                if not improved:
                    break

    def flatten(self, gray: Gray) -> Gray:
        """The code resampled through the mesh, PIXELS_PER_MODULE a module, inside a quiet zone."""
        side = (self.modules + 2 * QUIET_ZONE_MODULES) * PIXELS_PER_MODULE
        offsets = (np.arange(side) + 0.5) / PIXELS_PER_MODULE - QUIET_ZONE_MODULES
        grid = np.stack(np.meshgrid(offsets, offsets), -1).reshape(-1, 2).astype(np.float32)
        frame = self.to_frame(grid)
        map_x = np.ascontiguousarray(frame[:, 0].reshape(side, side))
        map_y = np.ascontiguousarray(frame[:, 1].reshape(side, side))
        return np.asarray(cv2.remap(gray, map_x, map_y, cv2.INTER_LINEAR, borderValue=255), dtype=np.uint8)

    def flat_to_frame(self, point: Point) -> Point:
        module_point = np.array([[point[0] / PIXELS_PER_MODULE - QUIET_ZONE_MODULES,
                                  point[1] / PIXELS_PER_MODULE - QUIET_ZONE_MODULES]], dtype=np.float32)
        x, y = self.to_frame(module_point)[0]
        return (float(x), float(y))


def located_codes(gray: Gray, detector: cv2.QRCodeDetector) -> Iterator[FloatArray]:
    """Corners (TL, TR, BR, BL) of codes OpenCV's detector finds, decodable or not, large enough
    in pixels to flatten."""
    scale = min(1.0, DETECT_MAX_SIDE / max(gray.shape[:2]))
    small = gray if scale == 1.0 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    try:
        ok, points = detector.detect(small)
    except cv2.error:
        return
    if not ok or points is None:
        return
    corners = np.asarray(points, dtype=np.float32).reshape(-1, 2) / scale
    if len(corners) != 4 or not cv2.isContourConvex(corners.reshape(-1, 1, 2)):
        return
    shortest_side = min(float(np.linalg.norm(corners[i] - corners[(i + 1) % 4])) for i in range(4))
    if shortest_side < 21 * MIN_MODULE_PX:
        return
    yield corners


class UnbentDecoder:
    """A decoder (pyzbar on a phone) run on each located code flattened through a fitted mesh."""

    def __init__(self, inner: QrDecoder) -> None:
        self.inner = inner
        self.name = inner.name
        self._detector = cv2.QRCodeDetector()

    def decode(self, gray: Gray) -> list[DecodedCode]:
        found: list[DecodedCode] = []
        for corners in located_codes(gray, self._detector):
            for version in likely_versions(gray, corners):
                mesh = BentCodeMesh(corners, 4 * version + 17)
                if mesh.module_px < MIN_MODULE_PX:
                    continue
                mesh.fit(gray)
                codes = self.inner.decode(mesh.flatten(gray))
                if codes:
                    found += [DecodedCode(code.text, tuple(mesh.flat_to_frame(p) for p in code.polygon), code.decoder)
                              for code in codes]
                    break
        return found
