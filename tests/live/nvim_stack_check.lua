-- :HotDeploy then :HotFailures in a headless Neovim, through the project's plugin (editors/neovim) and the real
-- server: open LSP_FILE, wait for the client; the user is confirm(), answering Deploy (1) to every question and
-- keeping them; run :HotDeploy and wait for the quickfix list it fills; empty it, run :HotFailures and wait for it
-- again; write the questions, the notifications and both lists as JSON to LSP_OUT.
-- Everything runs inside xpcall and ends with :cquit (an uncaught error hangs a headless Neovim).

-- The shared setup and ending (tests/editors/nvim_driver.lua), found from this file's own path (luafile's).
local here = debug.getinfo(1, 'S').source:sub(2):match('^(.*)/') or '.'
local loaded, driver = pcall(dofile, here .. '/../editors/nvim_driver.lua')
if not loaded then io.stderr:write(tostring(driver) .. '\n') return vim.cmd('cquit 2') end

local result = { errors = {}, asked = {}, said = {} }

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

driver.run(result, function()
  vim.fn.confirm = function(message)
    table.insert(result.asked, message)
    return 1
  end
  vim.notify = function(message)
    table.insert(result.said, message)
  end
  local buf = driver.open(result, vim.fn.json_decode(os.getenv('LSP_SETTINGS_JSON')))
  if buf == nil then
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
end)
