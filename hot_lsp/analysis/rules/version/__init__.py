"""0xxx: heat_template_version, the template's size, a Jinja2 source."""

from . import template_version

# The units of this area, in the order they run within their phase.
UNITS = (template_version,)
