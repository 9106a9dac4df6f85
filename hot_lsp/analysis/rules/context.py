"""What every rule unit gets: one object, whatever its phase (rules/phases.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..evaluation.inputs import Inputs
from ..files.child_analysis import AnalyseTemplate
from ..files.cross_file import CrossFile
from ..model.environment import EnvironmentModel
from ..model.template import TemplateModel
from ..report import Reporter
from ..result import Analysis
from ..values.file_source import FileSource


@dataclass(slots=True)
class RuleContext:
    """The analysis being judged, the reporter the findings go to, and what lies around the text."""

    analysis: Analysis
    report: Reporter
    inputs: Inputs  # parameter values for the evaluation (8xxx): defaults only when nobody gives any
    files: FileSource | None  # get_file content for the evaluation; None: no files
    # The files around a template (children, get_file targets, environments); None: the cross-file phase is skipped.
    around: CrossFile | None = None
    resource_type_paths: tuple[str, ...] = ()  # user catalogues, after Heat's own
    document_path: str | None = None
    file_roots: tuple[str, ...] = ()
    # For an environment file: the parameter names its templates declare (None: not known, W7015 says nothing).
    known_parameters: frozenset[str] | None = None
    # An environment file the user gave (--env, environments, hotLsp.environments): Heat's verdicts are errors.
    given_environment: bool = False
    # How a nested template is analysed in this stack (E7020): the whole analysis, which sits above the rules.
    analyse_child: AnalyseTemplate | None = None

    @property
    def model(self) -> TemplateModel:
        """The template's model: only the phases that run on a template (``Phase.kind``) ask for it."""
        model = self.analysis.model
        assert model is not None, "a template phase ran on a text that is not a template"
        return model

    @property
    def environment(self) -> EnvironmentModel:
        """The environment file's model: only the environment phase asks for it."""
        environment = self.analysis.environment
        assert environment is not None, "the environment phase ran on a text that is not an environment"
        return environment
