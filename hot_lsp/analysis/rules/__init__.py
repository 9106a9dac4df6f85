"""Validator rules, one module per area. Each module defines its codes with
:func:`hot_lsp.analysis.codes.define` and exposes ``check(model, report)``."""

from . import (
    conditions,
    environment,
    evaluation,
    functions,
    hints,
    outputs,
    parameters,
    resource_types,
    resources,
    sections,
    version,
)

RULE_MODULES = (version, sections, parameters, resources, resource_types, functions, conditions, outputs, hints)
# ``evaluation`` (8xxx) judges the analysed template as a whole, with parameter values and files:
# validate.analyze calls it after the modules above, so it can leave out what they already report.
EVALUATION_RULES = evaluation
# ``environment`` (7xxx) checks environment files: validate.analyze calls it with the file's EnvironmentModel.
ENVIRONMENT_RULES = environment

__all__ = ["ENVIRONMENT_RULES", "EVALUATION_RULES", "RULE_MODULES"]
