"""Heat's limits, as Heat 27.0.1 sets them by default (heat-27-facts.md §7, §9).

Each is an option of ``heat/common/config.py`` that an operator may change; hot-lsp checks against the defaults.
"""

from __future__ import annotations

# ``max_template_size``: the longest template Heat accepts, in characters (``template_format.validate_template_limit``
# measures ``len(str(template))``). ``urlfetch.get`` applies it to every file Heat fetches as well.
# Heat: ``Request limit exceeded: Template size (N bytes) exceeds maximum allowed size (524288 bytes).``
MAX_TEMPLATE_SIZE = 524_288

# ``max_nested_stack_depth``: the deepest nested stack, the top-level stack being at depth 0
# (``StackResource._child_nested_depth``). Heat: ``Request limit exceeded: Recursion depth exceeds 5.``
MAX_NESTED_STACK_DEPTH = 5

# ``max_resources_per_stack``: resources in one stack, a nested stack's whole tree counted (-1: unlimited).
MAX_RESOURCES_PER_STACK = 1_000
