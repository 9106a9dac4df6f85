"""The type of the editor's open documents as the analysis layer sees them (kept apart so that
``validate`` and ``template_files`` can both name it without importing each other)."""

from __future__ import annotations

from collections.abc import Mapping

# Absolute path -> (generation, text) of a document open in the editor.
Overlay = Mapping[str, tuple[int, str]]
