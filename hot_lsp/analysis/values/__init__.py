"""Heat's handling of plain values, below any template: how parameter and property values are read and checked
(``parameter_values``, ``property_values``, ``custom_constraints``), what evaluated values are made of
(``evaluated``), how an evaluation fails (``problems``), where ``get_file`` content comes from (``file_source``),
and yaql run as Heat runs it, in a helper process (``yaql_*``).

Invariant: imports nothing of the analysis but ``codes``, ``suggest`` and ``wording``; knows no template.
"""
