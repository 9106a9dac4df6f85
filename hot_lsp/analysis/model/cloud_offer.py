"""The resource types a user's cloud offers, as the analysis takes them: names only.

The server reads them from the cloud's catalogue (``hotLsp.cloud``; fetched and cached by the wiring, which alone
talks to clouds) and hands them over in the analysis options; the analysis never asks a cloud. With them, a
resource whose type the cloud does not offer is reported (W9902, ``rules/cloud/cloud_types.py``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CloudOffer:
    cloud: str  # the clouds.yaml entry, for the messages
    types: frozenset[str]  # every type name the cloud's Heat lists and can describe (aliases of its global env too)
    # Types the cloud lists but cannot give (its Heat lacks the service), with Heat's reason.
    unavailable: tuple[tuple[str, str], ...] = ()

    def offers(self, name: str) -> bool:
        return name in self.types

    def reason(self, name: str) -> str:
        return next((why for listed, why in self.unavailable if listed == name), "")
