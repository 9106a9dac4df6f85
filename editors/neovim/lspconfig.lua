-- hot-lsp without the plugin's setup(): snippets for nvim-lspconfig and for Neovim 0.11's vim.lsp.config.
-- Both use the plugin's content check (put editors/neovim on 'runtimepath') so that only Heat templates
-- and environment files are attached, never every YAML file. Use one of the two, not both.

local detect = require('hot_lsp.detect')
local settings = { hotLsp = { disabledRules = {} } } -- hotLsp.*: see the README's "Language server"

-- 1. nvim-lspconfig, which has no hot_lsp entry of its own: register one, then set it up.
local configs = require('lspconfig.configs')
if not configs.hot_lsp then
  configs.hot_lsp = {
    default_config = {
      cmd = { 'hot-lsp' },
      filetypes = { 'yaml', 'json' },
      -- No root: lspconfig leaves the buffer alone.
      root_dir = function(fname, bufnr)
        if not detect.is_hot(bufnr) then
          return nil
        end
        return require('lspconfig.util').root_pattern('.git')(fname) or vim.fn.fnamemodify(fname, ':p:h')
      end,
      settings = settings,
      init_options = settings,
    },
  }
end
require('lspconfig').hot_lsp.setup({})

-- 2. Neovim 0.11+, no lspconfig needed.
vim.lsp.config('hot_lsp', {
  cmd = { 'hot-lsp' },
  filetypes = { 'yaml', 'json' },
  -- on_dir is not called for other YAML: no client for it.
  root_dir = function(bufnr, on_dir)
    if detect.is_hot(bufnr) then
      on_dir(vim.fs.root(bufnr, { '.git' }) or vim.fs.dirname(vim.api.nvim_buf_get_name(bufnr)))
    end
  end,
  settings = settings,
  init_options = settings,
})
vim.lsp.enable('hot_lsp')
