-- :HotPreview in a headless Neovim, through the project's plugin (editors/neovim) and the real server:
-- open LSP_FILE, wait for the client, run :HotPreview, wait for the scratch buffer, write its lines as JSON.
--   HOT_LSP_PLUGIN=editors/neovim LSP_CMD_JSON='["hot-lsp"]' LSP_FILE=stack.yaml LSP_OUT=result.json \
--   LSP_SETTINGS_JSON='{"cloud": "local-heat", "stacks": {"stack.yaml": "web"}}' \
--   nvim --headless -u NONE -i NONE -n -c 'luafile nvim_preview_check.lua'
-- Everything runs inside xpcall and ends with :cquit (an uncaught error hangs a headless Neovim).

local result = { errors = {} }

local function write_result()
  local file = io.open(os.getenv('LSP_OUT'), 'w')
  if file then
    file:write(vim.fn.json_encode(result))
    file:close()
  end
end

local ok, err = xpcall(function()
  vim.opt.runtimepath:prepend(os.getenv('HOT_LSP_PLUGIN'))
  vim.cmd('filetype on')
  require('hot_lsp').setup({
    cmd = vim.fn.json_decode(os.getenv('LSP_CMD_JSON')),
    settings = vim.fn.json_decode(os.getenv('LSP_SETTINGS_JSON')),
  })
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LSP_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  local ready = vim.wait(30000, function()
    local id = vim.b[buf].hot_lsp_client
    local client = id and vim.lsp.get_client_by_id(id)
    return client ~= nil and client.server_capabilities ~= nil and next(client.server_capabilities) ~= nil
  end, 50)
  if not ready then
    table.insert(result.errors, 'the plugin did not attach, or the server did not initialize')
    return
  end
  vim.cmd('HotPreview')
  local shown = vim.wait(90000, function()
    return vim.bo.filetype == 'hotpreview'
  end, 50)
  if not shown then
    table.insert(result.errors, 'no preview buffer within 90 s')
    return
  end
  result.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  result.buftype = vim.bo.buftype
  result.modifiable = vim.bo.modifiable
end, debug.traceback)

if not ok then
  table.insert(result.errors, tostring(err))
end
write_result()
vim.cmd(#result.errors == 0 and 'qall!' or 'cquit 1')
