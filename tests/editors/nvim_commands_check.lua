-- :HotRender, :HotResources, :HotGraph and the code lens commands in a headless Neovim, through the project's
-- plugin (editors/neovim) and the real server: open LSP_FILE, append LSP_APPEND's lines (unsaved), run each
-- command (LSP_COMMANDS, a JSON list of Ex commands), record each scratch buffer's lines and filetype; then get
-- the code lenses and run what the plugin registered for them (as vim.lsp.codelens.run() would), recording the
-- quickfix list a use count fills. Writes the result as JSON to LSP_OUT; ends with :cquit on an error (an
-- uncaught error hangs a headless Neovim).

-- The shared setup and ending (tests/editors/nvim_driver.lua), found from this file's own path (luafile's).
local here = debug.getinfo(1, 'S').source:sub(2):match('^(.*)/') or '.'
local loaded, driver = pcall(dofile, here .. '/nvim_driver.lua')
if not loaded then io.stderr:write(tostring(driver) .. '\n') return vim.cmd('cquit 2') end

local result = { errors = {}, shown = {}, lenses = {} }

local function wait_for_scratch(previous)
  return vim.wait(30000, function()
    local buf = vim.api.nvim_get_current_buf()
    return buf ~= previous and vim.bo[buf].buftype == 'nofile'
  end, 50)
end

driver.run(result, function()
  local buf = driver.open(result)
  if buf == nil then
    return
  end
  local client_id = vim.b[buf].hot_lsp_client
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, vim.fn.json_decode(os.getenv('LSP_APPEND')))
  result.modified = vim.bo[buf].modified
  for _, command in ipairs(vim.fn.json_decode(os.getenv('LSP_COMMANDS'))) do
    vim.api.nvim_set_current_buf(buf)
    vim.cmd(command)
    if not wait_for_scratch(buf) then
      table.insert(result.errors, 'no scratch buffer for ' .. command)
      return
    end
    local shown = vim.api.nvim_get_current_buf()
    table.insert(result.shown, {
      command = command,
      lines = vim.api.nvim_buf_get_lines(shown, 0, -1, false),
      filetype = vim.bo[shown].filetype,
    })
    vim.cmd('close')
  end
  -- Code lens.
  vim.api.nvim_set_current_buf(buf)
  vim.lsp.codelens.refresh()
  local got = vim.wait(20000, function()
    return #vim.lsp.codelens.get(buf) > 0
  end, 50)
  if not got then
    table.insert(result.errors, 'no code lens within 20 s')
    return
  end
  local lenses = vim.lsp.codelens.get(buf)
  for _, lens in ipairs(lenses) do
    table.insert(result.lenses, { line = lens.range.start.line, title = lens.command.title, command = lens.command.command })
  end
  for _, lens in ipairs(lenses) do
    local handler = vim.lsp.commands[lens.command.command]
    if handler == nil then
      table.insert(result.errors, 'nothing registered for ' .. lens.command.command)
    elseif lens.command.title:match('^[1-9]') then
      handler(lens.command, { bufnr = buf, client_id = client_id })
      local items = vim.fn.getqflist()
      result.quickfix = { title = vim.fn.getqflist({ title = 1 }).title, lines = {} }
      for _, item in ipairs(items) do
        table.insert(result.quickfix.lines, { lnum = item.lnum, col = item.col })
      end
      vim.cmd('cclose')
      break
    end
  end
  vim.api.nvim_set_current_buf(buf)
  local render = vim.lsp.commands['hot-lsp.render']
  render({ command = 'hot-lsp.render', arguments = { { uri = vim.uri_from_bufnr(buf) } } }, { bufnr = buf, client_id = client_id })
  if not wait_for_scratch(buf) then
    table.insert(result.errors, 'no scratch buffer for the Render lens')
    return
  end
  result.render_lens = vim.api.nvim_buf_get_lines(0, 0, -1, false)
end)
