"""7xxx and 3xxx across files: template resources against their templates, nested templates that include their
ancestors, ``get_file`` targets, nested templates' own faults in the stack's context.
"""

from . import child_faults, get_file_targets, template_cycles, template_resources

# The units of this area, in the order they run within their phase.
UNITS = (template_resources, template_cycles, get_file_targets, child_faults)
