"""Offline evaluation of HOT templates with Heat 27's semantics.

``render.render`` resolves a whole template like a stack preview; ``render.evaluation`` gives the cached
``Evaluation`` whose ``evaluator`` hovers and rules use for single values. The modules are imported by name
(this package re-exports nothing): the functions (``analysis/functions``) use the leaf modules here (values,
problems, the yaql engine) while the evaluator uses the functions.
"""
