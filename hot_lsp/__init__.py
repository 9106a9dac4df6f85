"""hot-lsp: a language server and checker for OpenStack Heat Orchestration Templates."""

__version__ = "0.1.0"
