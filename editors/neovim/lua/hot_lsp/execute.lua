-- What the plugin's commands (preview.lua, stack.lua, commands.lua) share to run one of the server's commands
-- (workspace/executeCommand) for a buffer: the buffer, its file's name, writing it first, its hot-lsp client (a
-- warning when it has none), the request, and the answer's values as text. Written once here, not in each module.

local M = {}

-- An answer's value as text: '' for nil and JSON null (vim.NIL).
function M.text(value)
  if value == nil or value == vim.NIL then
    return ''
  end
  return tostring(value)
end

-- The buffer `bufnr` names: the current one for nil or 0.
function M.buffer(bufnr)
  return (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
end

-- The buffer's file as the commands' titles and scratch buffer names show it (relative to ~ or the cwd).
function M.file(bufnr)
  return vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':~:.')
end

-- Write the buffer if it is modified (:update): what the cloud is sent is the file as saved.
function M.save(bufnr)
  if vim.bo[bufnr].modified then
    vim.api.nvim_buf_call(bufnr, function()
      vim.cmd('silent update')
    end)
  end
end

-- The buffer's hot-lsp client (the id setup() keeps in b:hot_lsp_client); nil, with a warning, when it has none.
function M.client_of(bufnr)
  local id = vim.b[bufnr].hot_lsp_client
  local client = id and vim.lsp.get_client_by_id(id)
  if client == nil then
    vim.notify('hot-lsp: this buffer is not attached to hot-lsp', vim.log.levels.WARN)
  end
  return client
end

-- A command's one argument for the buffer: { uri = the buffer's } with `options` added.
function M.argument(bufnr, options)
  return vim.tbl_extend('force', { uri = vim.uri_from_bufnr(bufnr) }, options or {})
end

local function error_text(err)
  return M.text(err.message)
end

-- Ask `client` to run `command` with `arguments` (a list) for the buffer; `done(answer)` on success, else an error
-- notification: `describe(err)`, the error's message by default.
function M.request(client, bufnr, command, arguments, done, describe)
  client.request('workspace/executeCommand', { command = command, arguments = arguments }, function(err, answer)
    if err ~= nil then
      vim.notify((describe or error_text)(err), vim.log.levels.ERROR)
      return
    end
    done(answer)
  end, bufnr)
end

-- Run `command` with the buffer's argument (`options` added) on its client, as M.request; nothing is sent (a
-- warning) when the buffer has no hot-lsp client.
function M.run(bufnr, command, options, done, describe)
  local client = M.client_of(bufnr)
  if client == nil then
    return
  end
  M.request(client, bufnr, command, { M.argument(bufnr, options) }, done, describe)
end

return M
