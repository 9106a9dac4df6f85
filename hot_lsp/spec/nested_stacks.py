"""Which resource types make nested stacks, and how (heat-27-facts.md §7).

Two kinds do: a *template resource*, whose type names a template file, and the *group* types, whose members
Heat builds in a nested stack of their own, named ``"0"`` … ``"N-1"``. These are the facts; how hot-lsp
evaluates members and checks them lives in ``analysis/`` (``template_tree``, ``type_slots``,
``rules/template_resources``).
"""

from __future__ import annotations

# A type ending so is a template file (``environment.ResourceRegistry.iterable_by``: Heat makes a
# ``TemplateResourceInfo`` for it), and so is a registry value, or key, ending so (``ResourceInfo.__new__``).
# python-heatclient bundles a ``type:`` so named into the ``files`` it sends with the template.
TEMPLATE_SUFFIXES = (".yaml", ".template")
