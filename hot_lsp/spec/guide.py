"""Where Heat's template guide documents a thing: the release to link and the anchor of each page.

docs.openstack.org keeps one guide per OpenStack series, ``https://docs.openstack.org/heat/<series>/template_guide/``;
which series a Heat version was released for is ``versions.SERIES``. The anchors are the ones Heat's own Sphinx
extension (``doc/source/ext/resources.py``) and ``hot_spec.rst`` produce:

- a resource type: ``openstack.html#OS::Nova::Server`` for the supported ``OS::`` types, ``cfn.html#AWS::...`` for
  the supported ``AWS::`` ones, ``unsupported.html#...`` for deprecated and unsupported ones (hidden types have no
  page);
- a property: ``#<type>-prop-<name>``, a key below it ``-prop-<name>-<key>``, a list's item ``*``
  (``#OS::Nova::Server-prop-networks-*-port``);
- an attribute: ``#<type>-attr-<name>``;
- a function and a section: ``hot_spec.html#<id>``, where the id is the title as docutils makes ids (lower case,
  every run of other characters a hyphen: ``get-attr``, ``resources-section``); a function's is its record's
  ``guide_anchor`` (``functions.record``).
"""

from __future__ import annotations

import re

from .versions import SERIES

GUIDE = "https://docs.openstack.org/heat/{release}/template_guide/"
LATEST = "latest"

# The title in hot_spec.rst that documents each top-level section of a template.
SECTION_TITLES: dict[str, str] = {
    "heat_template_version": "Heat template version",
    "description": "Template structure",
    "parameter_groups": "Parameter groups section",
    "parameters": "Parameters section",
    "resources": "Resources section",
    "outputs": "Outputs section",
    "conditions": "Conditions section",
}

# Heat's major version -> the path of its series' guide.
_GUIDE_OF_HEAT: dict[int, str] = {series.heat: series.guide for series in SERIES if series.heat and series.guide}

_NOT_ID = re.compile(r"[^a-z0-9]+")


def release_of(heat_version: str) -> str:
    """The series whose guide documents ``heat_version`` ('27.0.1' -> '2026.2'); 'latest' when unknown."""
    major = heat_version.split(".", 1)[0]
    return _GUIDE_OF_HEAT.get(int(major), LATEST) if major.isdigit() else LATEST


def section_id(title: str) -> str:
    """The id docutils gives a section title: lower case, runs of other characters a hyphen, none at the ends."""
    return _NOT_ID.sub("-", title.lower()).strip("-")


def type_page(name: str, status: str) -> str | None:
    """The guide page of a Heat type with this support status; None for a hidden one (not documented)."""
    if status == "HIDDEN":
        return None
    if status != "SUPPORTED":
        return "unsupported.html"
    if name.startswith("AWS::"):
        return "cfn.html"
    return "openstack.html" if name.startswith("OS::") else None


def type_url(release: str, name: str, status: str) -> str | None:
    page = type_page(name, status)
    return f"{GUIDE.format(release=release)}{page}#{name}" if page else None


def property_url(release: str, name: str, status: str, path: tuple[str | int, ...]) -> str | None:
    """A property, or a key below it (``path`` from the property's name; a list's items are ``*``)."""
    base = type_url(release, name, status)
    if base is None or not path:
        return None
    return base + "-prop-" + "-".join("*" if isinstance(part, int) else part for part in path)


def attribute_url(release: str, name: str, status: str, attribute: str) -> str | None:
    base = type_url(release, name, status)
    return f"{base}-attr-{attribute}" if base else None


def section_url(release: str, section: str) -> str | None:
    title = SECTION_TITLES.get(section)
    return f"{GUIDE.format(release=release)}hot_spec.html#{section_id(title)}" if title else None
