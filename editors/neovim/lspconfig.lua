-- hot-lsp without the plugin's setup(), on Neovim 0.11+: the plugin's lsp/hot_lsp.lua (put editors/neovim on
-- 'runtimepath') is the configuration, in the style nvim-lspconfig itself now uses (vim.lsp.config and
-- vim.lsp.enable; its require('lspconfig.configs') framework is deprecated). With or without nvim-lspconfig:
vim.lsp.config('hot_lsp', {
  -- cmd = { '/path/to/venv/bin/python', '-m', 'hot_lsp' },
  settings = { hotLsp = { disabledRules = { 'I9001' } } }, -- hotLsp.*: see docs/editors.md, "Settings"
})
vim.lsp.enable('hot_lsp')
-- Only Heat templates and environment files are attached (by content), never other YAML; `.hot` and
-- `.template` files are YAML (ftdetect/hot_lsp.vim). `:checkhealth hot_lsp` says what is found.
-- Neovim 0.7 to 0.10: require('hot_lsp').setup({ settings = { disabledRules = { 'I9001' } } }) instead.
