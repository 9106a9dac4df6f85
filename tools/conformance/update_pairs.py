"""Pairs of stack bundles, old -> new, for the update conformance harness (issue 31 item 5; dev only).

A pair is what a user has before and after an edit: ``{"id", "kind", "note", "old": side, "new": side}``, a side
being ``{"files": {relative path: text}, "template": "main.yaml", "environments": [relative paths],
"parameters": {name: value}}`` as ``openstack stack update -t main.yaml -e env.yaml -P name=value`` sends it.
Heat 27.0.1's real update of the old stack to the new one is recorded for each pair
(tools/conformance/heat_update_outcomes.py); hot-lsp's offline procedure is judged against it.

Every pair is written here as data: templates as Python values dumped to YAML, edits as a function of the old
template. No randomness: the same code gives the same pairs, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from update_pair_kit import Pairs
from update_pairs_links import cascade_pairs, translation_pairs
from update_pairs_stacks import environment_pairs, nested_pairs
from update_pairs_structure import condition_pairs, external_id_pairs, policy_and_group_pairs, structure_pairs
from update_pairs_types import single_property_pairs, software_pairs

MAKERS: list[Callable[[Pairs], None]] = [
    single_property_pairs,
    software_pairs,
    structure_pairs,
    external_id_pairs,
    condition_pairs,
    policy_and_group_pairs,
    nested_pairs,
    environment_pairs,
    translation_pairs,
    cascade_pairs,
]


def update_pairs() -> list[dict[str, Any]]:
    """Every pair, in a fixed order."""
    pairs = Pairs()
    for make in MAKERS:
        make(pairs)
    return pairs.items


if __name__ == "__main__":
    import json
    import sys
    from collections import Counter

    made = update_pairs()
    print(f"{len(made)} pairs: {dict(sorted(Counter(p['kind'] for p in made).items()))}", file=sys.stderr)
    if "--json" in sys.argv:
        for pair in made:
            print(json.dumps(pair))
