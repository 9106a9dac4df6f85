"""Validator rules, one module per area. Each module defines its codes with
:func:`hot_lsp.analysis.codes.define` and exposes ``check(model, report)``."""

from . import conditions, functions, hints, outputs, parameters, resources, sections, version

RULE_MODULES = (version, sections, parameters, resources, functions, conditions, outputs, hints)

__all__ = ["RULE_MODULES"]
