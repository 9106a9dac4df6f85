-- hot-lsp for Neovim 0.7 and newer: attaches YAML buffers that are Heat templates or environment files.
--
--   require('hot_lsp').setup({
--     cmd = { 'hot-lsp' },                          -- or { '/path/to/python3', '-m', 'hot_lsp' }
--     settings = { disabledRules = { 'I9001' } },   -- hotLsp.* settings, see docs/editors.md, "Settings"
--   })
--
-- With settings.cloud (a clouds.yaml entry) and settings.stacks (glob -> stack): :HotPreview shows Heat's
-- preview of the current template (the mapped stack's update) in a scratch buffer; :HotDeploy deploys it (asking
-- first), :HotEvents lists the stack's events, :HotFailures puts its failures in the quickfix list (stack.lua).
-- :HotRender, :HotResources and :HotGraph show the server's render, resource list and graph (commands.lua).

local detect = require('hot_lsp.detect')
local client = require('hot_lsp.client')
local preview = require('hot_lsp.preview')
local commands = require('hot_lsp.commands')
local stack = require('hot_lsp.stack')

local M = {}

local defaults = {
  cmd = { 'hot-lsp' },
  filetypes = { 'yaml', 'json' },
  root_markers = { '.git' },
  settings = vim.empty_dict(), -- an empty table would be sent as [], which is not a settings object
  -- Passed to the client as they are (see :help vim.lsp.start_client()).
  capabilities = nil,
  on_attach = nil,
  on_init = nil,
  on_exit = nil,
  handlers = nil,
  flags = nil,
}

M.options = nil
local warned_missing = false

-- This file is editors/neovim/lua/hot_lsp/init.lua inside a hot-lsp checkout: name it in the install hint.
local function checkout()
  local here = debug.getinfo(1, 'S').source:gsub('^@', '')
  return vim.fn.fnamemodify(here, ':p:h:h:h:h:h')
end

-- How to install the server (also :checkhealth's advice): a release with pipx, or this checkout in a venv, as
-- the README says; not `pip install` outside a venv, which a system Python such as Debian 12's refuses.
function M.install_steps()
  local root = checkout()
  return {
    'pipx install hot-lsp',
    string.format(
      'or in a venv in this checkout: `cd %s && python3 -m venv .venv && .venv/bin/pip install -e .`, then cmd = { %q }',
      root,
      root .. '/.venv/bin/hot-lsp'
    ),
  }
end

local function executable(options)
  if vim.fn.executable(options.cmd[1]) == 1 then
    return true
  end
  if not warned_missing then
    warned_missing = true
    local steps = M.install_steps()
    vim.notify(
      string.format(
        'hot-lsp: %q is not on PATH. Install it with `%s`, %s in setup().',
        options.cmd[1],
        steps[1],
        steps[2]
      ),
      vim.log.levels.WARN
    )
  end
  return false
end

local function attached(bufnr)
  local id = vim.b[bufnr].hot_lsp_client
  return id ~= nil and vim.lsp.buf_is_attached(bufnr, id)
end

-- Attach `bufnr` if it holds HOT. Returns the client id, or nil when the buffer is not for hot-lsp.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local options = M.options
  if options == nil or vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  if not vim.tbl_contains(options.filetypes, vim.bo[bufnr].filetype) then
    return nil
  end
  if attached(bufnr) then
    return vim.b[bufnr].hot_lsp_client
  end
  if not detect.is_hot(bufnr) or not executable(options) then
    return nil
  end
  local id = client.attach(bufnr, options)
  vim.b[bufnr].hot_lsp_client = id
  -- Completion (<C-x><C-o>) and go to definition (<C-]>) out of the box; Neovim 0.7 sets neither.
  if id ~= nil and vim.bo[bufnr].omnifunc == '' then
    vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  end
  if id ~= nil and vim.bo[bufnr].tagfunc == '' then
    vim.bo[bufnr].tagfunc = 'v:lua.vim.lsp.tagfunc'
  end
  return id
end

function M.setup(user)
  M.options = vim.tbl_deep_extend('force', defaults, user or {})
  preview.create_commands() -- :HotPreview, :HotRefreshCloudCatalogue (with settings.cloud)
  commands.create_commands() -- :HotRender, :HotResources, :HotGraph, and what code lenses run
  stack.create_commands() -- :HotDeploy, :HotEvents, :HotFailures (with settings.cloud and settings.stacks)
  local group = vim.api.nvim_create_augroup('hot_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.options.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- A new file becomes a template when its version line is written: look again on save.
  vim.api.nvim_create_autocmd('BufWritePost', {
    group = group,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- Buffers opened before setup() ran (a plugin manager loading it late).
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      M.attach(bufnr)
    end
  end
end

return M
