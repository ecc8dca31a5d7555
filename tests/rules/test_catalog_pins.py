"""A shipped catalog never changes an old match silently (issue 17): each ruleset's catalog is pinned by
its SHA-256 to the ruleset's rules revision. Changing a catalog file (a card's value, a name) fails
here until the ruleset's revision is raised, with what the revision changed written in `revisions`
and the old catalog kept reachable for the old revision, or refused in one line naming both
(docs/records.md, "Rules revisions"). Decks of Martial Arts TCG are not pinned: every match carries
its own (MTD1), and Kenpo owner values travel inside the match from revision 2 (KPD15)."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from companion.rules.catalog import catalog_path
from companion.rules.registry import all_rulesets
from companion.rules.ruleset import Ruleset

# (ruleset, revision) -> SHA-256 of its catalog file when that revision was current.
PINS = {
    ("kendo-shiai", 1): "27f2ce4a11e55172ee8b08c8ca950f8f749c527bb19a54b4006c54468bbb580c",
    ("musashi", 1): "27f2ce4a11e55172ee8b08c8ca950f8f749c527bb19a54b4006c54468bbb580c",
    ("kenpo-masters", 2): "9ee55238809f899c6b2ab605070324b3bd920b3daf39961ef2262426c6b3baad",
    ("mace", 1): "3645a30a02ba09ef0e9092e018c7c0614f7a19d36bc1b5a0afcc29450db25ee5",
}


@pytest.mark.parametrize("ruleset", [r for r in all_rulesets() if r.catalog_id], ids=lambda r: r.id)
def test_each_catalog_is_the_one_its_rules_revision_was_played_with(ruleset: Ruleset[Any]) -> None:
    assert ruleset.catalog_id is not None
    found = hashlib.sha256(catalog_path(ruleset.catalog_id).read_bytes()).hexdigest()
    pinned = PINS.get((ruleset.id, ruleset.revision))
    assert pinned is not None, (f"{ruleset.id} is at rules revision {ruleset.revision}, which pins no catalog: "
                                f"add ({ruleset.id!r}, {ruleset.revision}): {found!r} to PINS")
    assert found == pinned, (f"{catalog_path(ruleset.catalog_id).name} changed under {ruleset.id} rules revision "
                             f"{ruleset.revision}: an old match could replay differently. Raise the revision, "
                             "say what changed in `revisions`, keep the old catalog reachable for old matches, "
                             "then pin the new file here")
