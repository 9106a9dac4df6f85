"""Offline evaluation of HOT templates with Heat 27's semantics (issue 4).

``render`` resolves a whole template like a stack preview; ``evaluation`` gives the cached
``Evaluation`` whose ``evaluator`` hovers and rules use for single values.
"""

from .files import DictFiles, DirectoryFiles, FileRead, FileSource
from .inputs import EnvironmentValues, Inputs, ParameterValue, typed_value
from .problems import HeatError, Limits, Problem, Read
from .render import Evaluation, evaluation, render, resource_enabled
from .values import OMIT, Symbol, is_known, plain

__all__ = [
    "OMIT",
    "DictFiles",
    "DirectoryFiles",
    "EnvironmentValues",
    "Evaluation",
    "FileRead",
    "FileSource",
    "HeatError",
    "Inputs",
    "Limits",
    "ParameterValue",
    "Problem",
    "Read",
    "Symbol",
    "evaluation",
    "is_known",
    "plain",
    "render",
    "resource_enabled",
    "typed_value",
]
