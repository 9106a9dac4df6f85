"""Validator rules, one module per area. Each module defines its codes with
:func:`hot_lsp.analysis.codes.define` and exposes ``check(model, report)``."""

from . import (
    cloud_types,
    conditions,
    environment,
    evaluation,
    functions,
    get_file_targets,
    hints,
    outputs,
    parameter_groups,
    parameters,
    resource_types,
    resource_validation,
    resources,
    sections,
    template_cycles,
    template_resources,
    version,
)

RULE_MODULES = (
    version,
    sections,
    parameters,
    parameter_groups,
    resources,
    resource_types,
    resource_validation,
    functions,
    conditions,
    outputs,
    hints,
    cloud_types,
)
# ``evaluation`` (8xxx) judges the analysed template as a whole, with parameter values and files:
# validate.analyze calls it after the modules above, so it can leave out what they already report.
EVALUATION_RULES = evaluation
# ``environment`` (7xxx) checks environment files: validate.analyze calls it with the file's EnvironmentModel.
ENVIRONMENT_RULES = environment
# These look at other files (children, get_file targets): validate.analyze calls each as
# ``check(model, report, cross_file)`` when the template is a file or environments are configured.
CROSS_FILE_RULES = (template_resources, template_cycles, get_file_targets)

__all__ = ["CROSS_FILE_RULES", "ENVIRONMENT_RULES", "EVALUATION_RULES", "RULE_MODULES"]
