"""companion.rules is the part everything trusts: standard library and pydantic only."""

from __future__ import annotations

import subprocess
import sys

ALLOWED_THIRD_PARTY = {"pydantic", "pydantic_core", "typing_extensions", "annotated_types", "typing_inspection"}


def test_the_rules_core_imports_nothing_but_the_standard_library_and_pydantic() -> None:
    probe = (
        "import sys, companion.rules.registry as r, companion.rules.match, companion.rules.record\n"
        "[x.id for x in r.all_rulesets()]\n"
        "print('\\n'.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = set(result.stdout.split())
    stdlib = set(sys.stdlib_module_names) | {"companion", "__main__"}
    foreign = {m for m in loaded - stdlib if not m.startswith("_")} - ALLOWED_THIRD_PARTY
    assert not foreign, f"companion.rules pulled in {sorted(foreign)}"
    for heavy in ("flet", "sqlmodel", "sqlalchemy", "cv2", "numpy", "cardscans", "db"):
        assert heavy not in loaded
