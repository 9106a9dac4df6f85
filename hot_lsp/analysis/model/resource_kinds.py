"""The one resource of a kind a template has, for a property named after that kind (issue 29 item 4): a nested
template's parameter `network` filled where the parent has exactly one ``OS::Neutron::Net`` is most likely
``{get_resource: that_net}``.

Kinds come from the type names, not from a list: a type's kind is its last word (``OS::Neutron::SecurityGroup``:
``securitygroup``). A property names a kind by its name, or by its last word, without an ``_id``/``_name``/
``_uuid`` ending (``private_network_id``: ``network``); exactly, or by a word the custom constraints use that
starts with the kind (``network``: ``neutron.network`` names it, and it starts with ``net``), unless a type of the
catalogue has that word as its kind (``subnetpool`` is ``OS::Neutron::SubnetPool``'s, never ``Subnet``'s).
"""

from __future__ import annotations

from ...spec.custom_constraints import CUSTOM_CONSTRAINTS
from ...spec.resource_types import Catalogue
from .template import TemplateModel

_ENDINGS = ("id", "name", "uuid", "ref")
# The words the custom constraints name resources by (``neutron.security_group``: ``securitygroup``).
_CONSTRAINT_WORDS = frozenset(name.rsplit(".", 1)[-1].replace("_", "") for name in CUSTOM_CONSTRAINTS)


def kind_of(type_name: str) -> str:
    """``OS::Neutron::SecurityGroup`` -> ``securitygroup``."""
    return type_name.rsplit("::", 1)[-1].lower().replace("_", "")


def _catalogue_kinds(catalogue: Catalogue) -> frozenset[str]:
    return frozenset(kind_of(name) for name in catalogue.types)


class ResourceKinds:
    """A template's resources of the catalogue's types, by kind."""

    def __init__(self, model: TemplateModel) -> None:
        catalogue = model.resource_types()
        self.known = catalogue.derive(_catalogue_kinds)
        self.by_kind: dict[str, list[str]] = {}
        for name, entry in model.resources.items():
            written = entry.scalar("type")
            _, rtype = model.resolve_type(written, name) if isinstance(written, str) else (None, None)
            if rtype is not None:
                self.by_kind.setdefault(kind_of(rtype.name), []).append(name)

    def named_by(self, prop_name: str, own: str | None = None) -> str | None:
        """The one resource (not ``own``) of the kind ``prop_name`` names; None when there is none or several."""
        words = [word for word in prop_name.lower().split("_") if word]
        while len(words) > 1 and words[-1] in _ENDINGS:
            words.pop()
        for word in dict.fromkeys(("".join(words), words[-1] if words else "")):
            if not word:
                continue
            if word in self.known:
                kinds = [word]
            elif word in _CONSTRAINT_WORDS:
                kinds = [kind for kind in self.by_kind if len(kind) >= 3 and word.startswith(kind)]
            else:
                continue
            found = [name for kind in kinds for name in self.by_kind.get(kind, ()) if name != own]
            return found[0] if len(found) == 1 else None
        return None


def resource_kinds(model: TemplateModel) -> ResourceKinds:
    """Built once per model (``model.derive(resource_kinds)``)."""
    return ResourceKinds(model)
