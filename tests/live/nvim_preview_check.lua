-- :HotPreview in a headless Neovim, through the project's plugin (editors/neovim) and the real server:
-- open LSP_FILE, wait for the client, run :HotPreview, wait for the scratch buffer, write its lines as JSON.
--   HOT_LSP_PLUGIN=editors/neovim LSP_CMD_JSON='["hot-lsp"]' LSP_FILE=stack.yaml LSP_OUT=result.json \
--   LSP_SETTINGS_JSON='{"cloud": "local-heat", "stacks": {"stack.yaml": "web"}}' \
--   nvim --headless -u NONE -i NONE -n -c 'luafile nvim_preview_check.lua'
-- Everything runs inside xpcall and ends with :cquit (an uncaught error hangs a headless Neovim).

-- The shared setup and ending (tests/editors/nvim_driver.lua), found from this file's own path (luafile's).
local here = debug.getinfo(1, 'S').source:sub(2):match('^(.*)/') or '.'
local loaded, driver = pcall(dofile, here .. '/../editors/nvim_driver.lua')
if not loaded then io.stderr:write(tostring(driver) .. '\n') return vim.cmd('cquit 2') end

local result = { errors = {} }

driver.run(result, function()
  local buf = driver.open(result, vim.fn.json_decode(os.getenv('LSP_SETTINGS_JSON')))
  if buf == nil then
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
end)
