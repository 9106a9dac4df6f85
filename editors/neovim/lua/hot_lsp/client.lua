-- Start (or reuse) the hot-lsp client for a buffer, on Neovim 0.7 (vim.lsp.start_client) and on 0.8 and
-- newer (vim.lsp.start). One client per project root, shared by every HOT buffer below it.

local M = {}

local NAME = 'hot-lsp'
local uv = vim.uv or vim.loop -- vim.loop is deprecated from 0.10 on
local started_by_root = {} -- 0.7 only: root -> client id (vim.lsp.start does this bookkeeping itself)

-- The nearest folder above `path` holding one of `markers`; else the file's own folder. The server reads
-- nested templates and get_file targets only inside this folder, so a repository root is the right one.
function M.find_root(path, markers)
  local start = vim.fn.fnamemodify(path, ':p:h')
  local dir = start
  while true do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(dir .. '/' .. marker) ~= nil then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return start
    end
    dir = parent
  end
end

-- 0.7's client object has is_stopped() as a plain function (not a method, as in 0.10+).
local function alive(client_id)
  local client = client_id and vim.lsp.get_client_by_id(client_id)
  return client ~= nil and not client.is_stopped()
end

-- The client config for one root, in the shape both APIs take.
function M.config(options, root)
  return {
    name = NAME,
    cmd = options.cmd,
    root_dir = root,
    -- Both channels: initializationOptions for the first analysis, `settings` to answer the server's
    -- workspace/configuration requests for the `hotLsp` section.
    init_options = { hotLsp = options.settings },
    settings = { hotLsp = options.settings },
    capabilities = options.capabilities,
    on_attach = options.on_attach,
    on_init = options.on_init,
    on_exit = options.on_exit,
    -- hot-lsp.deploy's question (window/showMessageRequest) with confirm(), unless the user set a handler.
    handlers = vim.tbl_extend(
      'keep',
      options.handlers or {},
      { ['window/showMessageRequest'] = require('hot_lsp.stack').show_message_request }
    ),
    flags = options.flags,
  }
end

-- Attach `bufnr` to the client of its root, starting it when needed. Returns the client id or nil.
function M.attach(bufnr, options)
  local path = vim.api.nvim_buf_get_name(bufnr)
  local root = M.find_root(path, options.root_markers)
  local config = M.config(options, root)
  if vim.lsp.start ~= nil then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local client_id = started_by_root[root]
  if not alive(client_id) then
    client_id = vim.lsp.start_client(config)
    started_by_root[root] = client_id
  end
  if client_id ~= nil then
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  return client_id
end

return M
