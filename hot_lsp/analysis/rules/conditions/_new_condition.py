"""What E5001's fix defines a missing condition as, until the user writes their own: a definition that is valid
in any version with conditions and true as the template stands (a false one would disable what it guards, and a
reference to a disabled resource is an error of its own)."""

from __future__ import annotations

from ....document import Scalar
from ...model.template import TemplateModel
from ...wording import yaml_text


def new_definition(model: TemplateModel, name: str) -> str:
    """A boolean parameter of the condition's name as it is; else the first string parameter with a default
    compared with that default (``{equals: [{get_param: env}, dev]}``); else ``true``."""
    same = model.parameters.get(name)
    if same is not None and same.scalar("type") == "boolean":
        return f"{{get_param: {yaml_text(name)}}}"
    for parameter, entry in model.parameters.items():
        default = entry.get("default")
        if entry.scalar("type") == "string" and isinstance(default, Scalar) and isinstance(default.value, str):
            return f"{{equals: [{{get_param: {yaml_text(parameter)}}}, {yaml_text(default.value)}]}}"
    return "true"
