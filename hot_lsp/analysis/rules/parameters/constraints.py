"""2xxx: a parameter's ``constraints``, as Heat reads them (HOTParamSchema, heat-27-facts.md §3f).

The reading and its checks live in ``analysis/evaluation/parameter_constraints`` (the evaluation applies the
constraints in force too, and it comes before the rules); ``definitions`` runs them for each parameter. The records
of the codes they raise are here, with the other parameters rules'.
"""

from __future__ import annotations

from ...codes import define
from ...evaluation import parameter_constraints as reading
from ..phases import MODEL

AREA = "parameters"

E2005 = define(
    reading.E2005,
    "`constraints` is not a list, an entry is not a mapping, or an entry has an unknown key.",
    "parameters:\n  p:\n    type: string\n    constraints: {length: {min: 1}}",
    AREA,
    phase=MODEL.name,
)
E2006 = define(
    reading.E2006,
    "A constraint kind that does not apply to the parameter's type (e.g. range on a string).",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - range: {min: 1}",
    AREA,
    phase=MODEL.name,
)
E2007 = define(
    reading.E2007,
    "A constraint kind the template's version does not have (modulo before 2017-02-24).",
    "heat_template_version: 2016-10-14\nparameters:\n  p:\n    type: number\n    constraints:\n      - modulo: {step: 2, offset: 0}",
    AREA,
    phase=MODEL.name,
)
E2008 = define(
    reading.E2008,
    "A malformed constraint: bad or missing bounds, a bad modulo, a non-list allowed_values, an invalid regex.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - length: {min: 5, max: 1}",
    AREA,
    phase=MODEL.name,
)
E2009 = define(
    reading.E2009,
    "A custom_constraint name Heat 27 does not register.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - custom_constraint: nova.flavour",
    AREA,
    phase=MODEL.name,
)
W2010 = define(
    reading.W2010,
    "A constraint entry with several kinds: Heat enforces one and silently ignores the others.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - length: {max: 8}\n        allowed_pattern: '[a-z]+'",
    AREA,
    phase=MODEL.name,
)
E2018 = define(
    reading.E2018,
    "A constraint entry that expresses no constraint (only a description).",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - description: must be short",
    AREA,
    phase=MODEL.name,
)
W2021 = define(
    reading.W2021,
    "An allowed_values item that YAML types differently from how it reads, so it never matches as written.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_values: [yes, no]",
    AREA,
    phase=MODEL.name,
)
