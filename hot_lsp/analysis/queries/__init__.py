"""What editors and commands ask of an analysis: what is at an offset (``locate``), where a half-typed cursor is
(``cursor``), and why a template cannot be rendered, listed or drawn (``unusable``).

Invariant: answers from an analysis already made; reads no file and changes nothing.
"""
