"""The box tables of openstackclient's listings (``openstack stack resource list``), for the table formats."""

from __future__ import annotations

from collections.abc import Sequence


def box_table(columns: Sequence[str], cells: Sequence[Sequence[str]]) -> list[str]:
    """The table's lines: a rule, the titles, a rule, one line per row, a rule; columns as wide as their cells."""
    widths = [max([len(title), *(len(row[i]) for row in cells)]) for i, title in enumerate(columns)]
    rule = "+" + "+".join("-" * (width + 2) for width in widths) + "+"

    def line(values: Sequence[str]) -> str:
        return "| " + " | ".join(value.ljust(width) for value, width in zip(values, widths, strict=True)) + " |"

    return [rule, line(columns), rule, *(line(row) for row in cells), rule]
