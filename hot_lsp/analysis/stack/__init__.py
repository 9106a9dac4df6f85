"""The stack as Heat builds it from a template: the dependency graph (``dependencies``), how far Heat gets with
each part before the stack exists (``heat_reach``), the tree of nested stacks and group members to a depth
(``template_tree``, ``tree_limits``), and what ``resources`` and ``graph`` show of it (``resource_list``,
``dependency_graph``).

Invariant: reads other files only through ``files``; bounded by ``tree_limits`` whatever the templates say.
"""
