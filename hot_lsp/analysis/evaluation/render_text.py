"""A template rendered offline as text, YAML or JSON: what ``hot-lsp render`` prints and the server's
``hot-lsp.render`` command answers (one function, :func:`render_text`, for both). The YAML reads back the same with
YAML 1.1 loaders (PyYAML, Heat) and with YAML 1.2 ones."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping as AbcMapping
from dataclasses import dataclass
from typing import Any, Literal

from ruamel.yaml import YAML
from ruamel.yaml.representer import SafeRepresenter

from ...document.scalars import type_plain
from ..model.template import TemplateModel
from ..result import Analysis
from ..suggest import did_you_mean
from ..values.file_source import FileSource
from .inputs import Inputs
from .render import render

RenderFormat = Literal["yaml", "json"]
RENDER_FORMATS: tuple[RenderFormat, ...] = ("yaml", "json")
KEYS = ("version", "parameters", "conditions", "resources", "outputs", "errors")


@dataclass(frozen=True, slots=True)
class Rendered:
    document: dict[str, Any]  # the render JSON (docs/cli.md), keys in KEYS' order
    text: str

    @property
    def failed(self) -> bool:
        """Whether Heat would refuse the stack (a render with ``errors``: the command line exits 1)."""
        return bool(self.document["errors"])


def render_text(
    analysis: Analysis,
    inputs: Inputs,
    files: FileSource | None,
    fmt: RenderFormat = "yaml",
    with_defaults: bool = False,
) -> Rendered:
    """The template of ``analysis`` rendered with ``inputs``, ``get_file`` reading through ``files``: what the
    template's values resolve to, or with ``with_defaults`` the properties as Heat's stack preview shows them."""
    rendered = render(analysis, inputs, files=files, with_defaults=with_defaults)
    document = {key: rendered[key] for key in KEYS}
    return Rendered(document, to_json(document) if fmt == "json" else to_yaml(document))


LISTED_PARAMETERS = 10  # up to this many declared names are all listed


def unknown_parameters(explicit: AbcMapping[str, Any], model: TemplateModel) -> list[str]:
    """Heat rejects a value for a parameter the template does not declare: one line for each such name."""
    declared = [name for name in model.parameters if isinstance(name, str)]
    if not declared:
        return [f"unknown parameter '{name}' (the template declares no parameters)" for name in explicit]
    lines = []
    for name in explicit:
        if name in declared:
            continue
        if len(declared) <= LISTED_PARAMETERS:
            lines.append(f"unknown parameter '{name}' (the template declares: {', '.join(declared)})")
            continue
        # A TripleO role declares ~150: the closest names help, a wall of them does not.
        near = did_you_mean(str(name), declared)
        hint = f"did you mean {', '.join(repr(n) for n in near)}? " if near else ""
        lines.append(f"unknown parameter '{name}' ({hint}the template declares {len(declared)} parameters)")
    return lines


def to_json(document: AbcMapping[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False, default=str) + "\n"


def to_yaml(document: AbcMapping[str, Any]) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.Representer = _Representer
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]  # keys in the render's order (ruamel types it None)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 4096  # long values stay on one line
    yaml.indent(mapping=2, sequence=2, offset=0)  # as heatclient's YAML (nested lists stay readable)
    out = io.StringIO()
    yaml.dump(document, out)
    return out.getvalue()


# YAML 1.1 timestamps (PyYAML reads them as dates; Heat keeps them as strings).
_TIMESTAMP = re.compile(
    r"\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?"
)


class _Representer(SafeRepresenter):
    """ruamel.yaml's safe representer, readable back by YAML 1.1 loaders (PyYAML, Heat) too."""

    def represent_str(self, data: str) -> Any:
        if "\n" in data:
            style = "|"  # the emitter falls back to quotes when a literal block cannot hold the text
        elif type_plain(data)[1] != "str" or _TIMESTAMP.fullmatch(data):
            style = "'"  # 'yes', '0644', '2016-10-14' would come back as bool, int, date
        else:
            style = None
        return self.represent_scalar("tag:yaml.org,2002:str", data, style=style)

    def ignore_aliases(self, data: Any) -> bool:
        return True  # a preview shows every value where it is used, never as &anchor/*alias

    def represent_none(self, data: None) -> Any:
        return self.represent_scalar("tag:yaml.org,2002:null", "null")

    def represent_unknown(self, data: Any) -> Any:
        return self.represent_str(str(data))


_Representer.add_representer(str, _Representer.represent_str)
_Representer.add_representer(type(None), _Representer.represent_none)
_Representer.add_representer(None, _Representer.represent_unknown)
