//! Zed extension for hot-lsp: tells Zed how to start the language server (`hot-lsp` with no arguments serves LSP on
//! stdio) and hands it the user's `hotLsp.*` settings. The server itself is installed separately (`pipx install
//! hot-lsp`); this extension downloads nothing.

use zed_extension_api::{self as zed, settings::LspSettings, LanguageServerId, Result};

const SERVER: &str = "hot-lsp";

struct HotLspExtension;

impl HotLspExtension {
    /// The user's `lsp.hot-lsp` block of Zed's settings, if any.
    fn settings(
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Option<LspSettings> {
        LspSettings::for_worktree(language_server_id.as_ref(), worktree).ok()
    }
}

impl zed::Extension for HotLspExtension {
    fn new() -> Self {
        HotLspExtension
    }

    /// `lsp.hot-lsp.binary.path` (and `arguments`) when the user set them, e.g. a venv's `bin/hot-lsp` or
    /// `bin/python` with `["-m", "hot_lsp"]`; else the `hot-lsp` on the worktree's shell `PATH`.
    fn language_server_command(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let binary =
            Self::settings(language_server_id, worktree).and_then(|settings| settings.binary);
        let env = worktree.shell_env();
        if let Some(path) = binary.as_ref().and_then(|binary| binary.path.clone()) {
            let args = binary
                .and_then(|binary| binary.arguments)
                .unwrap_or_default();
            return Ok(zed::Command {
                command: path,
                args,
                env,
            });
        }
        let command = worktree.which(SERVER).ok_or_else(|| {
            "hot-lsp is not on PATH: install it (pipx install hot-lsp, or a venv from a checkout) or set \
             lsp.hot-lsp.binary.path in Zed's settings"
                .to_string()
        })?;
        Ok(zed::Command {
            command,
            args: Vec::new(),
            env,
        })
    }

    /// `lsp.hot-lsp.initialization_options`, e.g. `{"hotLsp": {"disabledRules": ["I9001"]}}`.
    fn language_server_initialization_options(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<zed::serde_json::Value>> {
        Ok(Self::settings(language_server_id, worktree)
            .and_then(|settings| settings.initialization_options))
    }

    /// `lsp.hot-lsp.settings`, answered when the server asks for its `hotLsp` section (workspace/configuration).
    fn language_server_workspace_configuration(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<zed::serde_json::Value>> {
        Ok(Self::settings(language_server_id, worktree).and_then(|settings| settings.settings))
    }
}

zed::register_extension!(HotLspExtension);
