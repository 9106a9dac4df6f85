"""What spans many files of a project: the workspace index (``workspace_index``), the project configuration
(``project_config``) and the parameter names an environment's templates declare (``declared_parameters``).
"""
