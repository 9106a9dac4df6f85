-- hot-lsp for Neovim 0.11+: `vim.lsp.enable('hot_lsp')` starts it, with editors/neovim on 'runtimepath'.
-- Change any field with vim.lsp.config before or after enable:
--
--   vim.lsp.config('hot_lsp', { settings = { hotLsp = { disabledRules = { 'I9001' } } } })
--   vim.lsp.enable('hot_lsp')
--
-- Only YAML and JSON buffers that are Heat templates or environment files are attached (by content, as the
-- plugin's setup() does): other YAML gets no client. `.hot` and `.template` files are YAML (or JSON) by
-- ftdetect/hot_lsp.vim. `:checkhealth hot_lsp` says what is found.

local detect = require('hot_lsp.detect')

return {
  cmd = { 'hot-lsp' }, -- or { '/path/to/venv/bin/python', '-m', 'hot_lsp' }
  filetypes = { 'yaml', 'json' },
  root_markers = { '.git' },
  -- A function root_dir is what attaches by content: on_dir is not called for other YAML, so no client for
  -- it. The root is the folder holding one of root_markers (nested templates are read inside it), else the
  -- file's own folder.
  root_dir = function(bufnr, on_dir)
    if not detect.is_hot(bufnr) then
      return
    end
    local markers = (vim.lsp.config.hot_lsp or {}).root_markers or { '.git' }
    on_dir(vim.fs.root(bufnr, markers) or vim.fs.dirname(vim.api.nvim_buf_get_name(bufnr)))
  end,
  -- The hotLsp.* settings (see docs/editors.md, "Settings"), answered to workspace/configuration.
  settings = { hotLsp = vim.empty_dict() },
  -- The server also reads them at initialize, before it asks: send the same, whatever vim.lsp.config set.
  before_init = function(params, config)
    params.initializationOptions = config.settings
  end,
}
