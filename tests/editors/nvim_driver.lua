-- What the headless Neovim drivers of the plugin's commands share (nvim_commands_check.lua here,
-- nvim_stack_check.lua and nvim_preview_check.lua in tests/live): the project's plugin (HOT_LSP_PLUGIN) set up with
-- the server LSP_CMD_JSON, LSP_FILE opened and its hot-lsp client awaited; at the end the result written as JSON to
-- LSP_OUT and Neovim left, with :cquit on an error (an uncaught error hangs a headless Neovim).
-- The drivers are run as `nvim ... -c 'luafile /path/to/driver.lua'` from another folder, so each loads this file
-- by its own path (debug.getinfo(1, 'S').source is '@/path/to/driver.lua').

local M = {}

local function write_result(result)
  local file = io.open(os.getenv('LSP_OUT'), 'w')
  if file then
    file:write(vim.fn.json_encode(result))
    file:close()
  end
end

-- Set the plugin up (`settings`: its hotLsp settings, none when nil) and open LSP_FILE: its buffer once the client
-- has initialized, else nil with the error in result.errors.
function M.open(result, settings)
  vim.opt.runtimepath:prepend(os.getenv('HOT_LSP_PLUGIN'))
  vim.cmd('filetype on')
  require('hot_lsp').setup({ cmd = vim.fn.json_decode(os.getenv('LSP_CMD_JSON')), settings = settings })
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LSP_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  local ready = vim.wait(30000, function()
    local id = vim.b[buf].hot_lsp_client
    local client = id and vim.lsp.get_client_by_id(id)
    return client ~= nil and client.server_capabilities ~= nil and next(client.server_capabilities) ~= nil
  end, 50)
  if not ready then
    table.insert(result.errors, 'the plugin did not attach, or the server did not initialize')
    return nil
  end
  return buf
end

-- Run `check()` inside xpcall (its error, with the traceback, joins result.errors), write `result` to LSP_OUT and
-- quit: :qall! when result.errors is empty, else :cquit 1.
function M.run(result, check)
  local ok, err = xpcall(check, debug.traceback)
  if not ok then
    table.insert(result.errors, tostring(err))
  end
  write_result(result)
  vim.cmd(#result.errors == 0 and 'qall!' or 'cquit 1')
end

return M
