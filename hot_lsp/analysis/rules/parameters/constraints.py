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
    slug="bad-constraints-shape",
    why="Heat reads constraints as a list of one-kind maps: 'Invalid parameter constraints for parameter p, "
    "expected a list', or 'Invalid key 'foo' for parameter constraints'.",
    instead="parameters:\n  p:\n    type: string\n    constraints:\n      - length: {min: 1}",
    heat_step="stack validate",
)
E2006 = define(
    reading.E2006,
    "A constraint kind that does not apply to the parameter's type (e.g. range on a string).",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - range: {min: 1}",
    AREA,
    phase=MODEL.name,
    slug="constraint-wrong-type",
    why="Each constraint kind suits only some parameter types: Heat fails with 'Range constraint invalid for "
    "string' (InvalidSchemaError).",
    instead="parameters:\n  p:\n    type: string\n    constraints:\n      - length: {min: 1}",
    heat_step="stack validate",
)
E2007 = define(
    reading.E2007,
    "A constraint kind the template's version does not have (modulo before 2017-02-24).",
    "heat_template_version: 2016-10-14\nparameters:\n  p:\n    type: number\n    constraints:\n      - modulo: {step: 2, offset: 0}",
    AREA,
    phase=MODEL.name,
    slug="constraint-too-new",
    why="modulo arrived in 2017-02-24: before it, an entry with only modulo gives 'No constraint expressed'.",
    instead="heat_template_version: 2017-02-24",
    heat_step="stack validate",
)
E2008 = define(
    reading.E2008,
    "A malformed constraint: bad or missing bounds, a bad modulo, a non-list allowed_values, an invalid regex.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - length: {min: 5, max: 1}",
    AREA,
    phase=MODEL.name,
    slug="malformed-constraint",
    why="Heat builds each constraint when it reads the parameter: bounds that contradict each other, a bad "
    "modulo, a non-list allowed_values or a regex Python cannot compile fail with Heat's InvalidSchemaError.",
    instead="parameters:\n  p:\n    type: string\n    constraints:\n      - length: {min: 1, max: 5}",
    heat_step="stack validate",
)
E2009 = define(
    reading.E2009,
    "A custom_constraint name Heat 27 does not register.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - custom_constraint: nova.flavour",
    AREA,
    phase=MODEL.name,
    slug="unknown-custom-constraint",
    why="Heat registers 70 custom constraints (setup.cfg heat.constraints); an unknown name fails when a value "
    "is checked: '... (constraint not found)'.",
    instead="      - custom_constraint: nova.flavor",
    heat_step="stack create: parameter validation",
)
W2010 = define(
    reading.W2010,
    "A constraint entry with several kinds: Heat enforces one and silently ignores the others.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - length: {max: 8}\n        allowed_pattern: '[a-z]+'",
    AREA,
    phase=MODEL.name,
    slug="several-constraint-kinds",
    why="Heat uses one kind per entry, by a fixed priority (modulo > range > length > allowed_values > "
    "allowed_pattern > custom_constraint), and silently drops the others.",
    instead="    constraints:\n      - length: {max: 8}\n      - allowed_pattern: '[a-z]+'",
    heat_step="none: Heat enforces one kind and drops the others",
)
E2018 = define(
    reading.E2018,
    "A constraint entry that expresses no constraint (only a description).",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - description: must be short",
    AREA,
    phase=MODEL.name,
    slug="empty-constraint",
    why="A constraint entry needs a kind besides its description: Heat fails with 'No constraint expressed'.",
    instead="    constraints:\n      - length: {max: 8}\n        description: must be short",
    heat_step="stack validate",
)
W2021 = define(
    reading.W2021,
    "An allowed_values item that YAML types differently from how it reads, so it never matches as written.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_values: [yes, no]",
    AREA,
    phase=MODEL.name,
    slug="allowed-value-retyped",
    why="YAML 1.1 reads yes and no as booleans; for a string parameter Heat compares 'True' and 'False', so "
    "the value 'yes' the user types never matches.",
    instead="      - allowed_values: ['yes', 'no']",
    heat_step="none: the value never matches",
)
