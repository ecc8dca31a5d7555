# Both targets set everything up on a fresh machine with Python 3.11+:
# the virtual environment is made and filled the first time, and again when pyproject.toml changes.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/shinpan

# The suite on up to TEST_WORKERS processes (pytest-xdist); the browser tests share one served app and
# run in their written order on one of them (tests/app/conftest.py), the rest beside them.
TEST_WORKERS ?= 4
test: $(STAMP)
	$(BIN)/python -m pytest -n auto --maxprocesses $(TEST_WORKERS) --dist loadgroup

# The property tests of tests/test_properties.py, 20,000 examples each instead of the suite's 120.
fuzz: $(STAMP)
	SHINPAN_HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest tests/test_properties.py -p no:randomly --timeout 3600

lint: $(STAMP)
	$(BIN)/ruff check companion cardscans db tests benchmarks
	$(BIN)/mypy companion cardscans db

# Every benchmark prints its figures; BENCH_FLAGS=--json for one JSON object per line.
bench: $(STAMP)
	$(BIN)/python benchmarks/rules.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/storage.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/qr_photos.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/scan_scenes.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/scan_gallery.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/scan_real_cards.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/scan_blurred_cards.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/scan_real_faces.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/scan_off_screen.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/app_taps.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/club_load.py $(BENCH_FLAGS)
	$(BIN)/python benchmarks/startup.py $(BENCH_FLAGS)
