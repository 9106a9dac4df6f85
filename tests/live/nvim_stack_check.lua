-- :HotDeploy then :HotFailures in a headless Neovim, through the project's plugin (editors/neovim) and the real
-- server: open LSP_FILE, wait for the client; the user is confirm(), answering Deploy (1) to every question and
-- keeping them; run :HotDeploy and wait for the quickfix list it fills; empty it, run :HotFailures and wait for it
-- again; write the questions, the notifications and both lists as JSON to LSP_OUT.
-- Everything runs inside xpcall and ends with :cquit (an uncaught error hangs a headless Neovim).

local result = { errors = {}, asked = {}, said = {} }

local function write_result()
  local file = io.open(os.getenv('LSP_OUT'), 'w')
  if file then
    file:write(vim.fn.json_encode(result))
    file:close()
  end
end

local function quickfix()
  local items = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(items, {
      file = item.bufnr > 0 and vim.api.nvim_buf_get_name(item.bufnr) or '',
      lnum = item.lnum,
      col = item.col,
      text = item.text,
    })
  end
  return { title = vim.fn.getqflist({ title = 0 }).title, items = items }
end

local function wait_quickfix(seconds)
  return vim.wait(seconds * 1000, function()
    return (vim.fn.getqflist({ title = 0 }).title or ''):find('hot%-lsp: stack', 1) ~= nil
  end, 50)
end

local ok, err = xpcall(function()
  vim.opt.runtimepath:prepend(os.getenv('HOT_LSP_PLUGIN'))
  vim.cmd('filetype on')
  vim.fn.confirm = function(message)
    table.insert(result.asked, message)
    return 1
  end
  vim.notify = function(message)
    table.insert(result.said, message)
  end
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
  vim.cmd('HotDeploy')
  if not wait_quickfix(120) then
    table.insert(result.errors, 'no quickfix list from :HotDeploy within 120 s: ' .. table.concat(result.said, ' | '))
    return
  end
  result.deploy = quickfix()
  vim.cmd('cclose')
  vim.api.nvim_set_current_buf(buf)
  vim.fn.setqflist({}, 'r', { title = '', items = {} })
  vim.cmd('HotFailures')
  if not wait_quickfix(60) then
    table.insert(result.errors, 'no quickfix list from :HotFailures within 60 s')
    return
  end
  result.failures = quickfix()
end, debug.traceback)

if not ok then
  table.insert(result.errors, tostring(err))
end
write_result()
vim.cmd(#result.errors == 0 and 'qall!' or 'cquit 1')
