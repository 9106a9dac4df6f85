-- Drive a language server from headless Neovim (0.7 API) and write what the editor saw as JSON.
--
--   LSP_CMD_JSON='["hot-lsp"]' LSP_FILE=template.yaml LSP_OUT=result.json \
--   LSP_STEPS='[{"name": "hover", "method": "textDocument/hover", "line": 12, "character": 20}]' \
--   XDG_CACHE_HOME=/tmp/nvim-cache nvim --headless -u NONE -i NONE -n -c 'luafile nvim_lsp_check.lua'
--
-- Steps: `line` is 1-based, `character` counts code points from 0; the cursor is put there and Neovim
-- itself turns it into an LSP position (make_position_params, in the client's offset encoding), as it
-- does for a user. Optional: LSP_ROOT (default: the file's folder), LSP_TIMEOUT_MS (per step, 10000),
-- LSP_WATCHDOG_MS (whole run, 4x the step timeout), LSP_FILETYPE (expected filetype, default yaml).
-- Exit status: 0 every step answered, 1 a step failed (see `errors`), 2 Lua error, 3 watchdog.
-- Everything runs inside xpcall and always ends with :cquit, because an uncaught error in a headless
-- Neovim hangs it.

local result = { errors = {} }
local finished = false

local function getenv(name, default)
  local value = os.getenv(name)
  if value == nil or value == '' then
    return default
  end
  return value
end

local out_path = getenv('LSP_OUT', nil)

local function write_result()
  if out_path == nil then
    return
  end
  local ok, encoded = pcall(vim.fn.json_encode, result)
  if not ok then
    encoded = vim.fn.json_encode({ errors = { 'could not encode the result: ' .. tostring(encoded) }, exit_code = 2 })
  end
  local file = io.open(out_path .. '.tmp', 'w')
  if file then
    file:write(encoded)
    file:close()
    os.rename(out_path .. '.tmp', out_path)
  end
end

local function finish(code)
  if finished then
    return
  end
  finished = true
  result.exit_code = code
  pcall(write_result)
  vim.cmd('cquit ' .. code)
end

local function fail(message)
  table.insert(result.errors, message)
end

local step_timeout = tonumber(getenv('LSP_TIMEOUT_MS', '10000'))
local watchdog_ms = tonumber(getenv('LSP_WATCHDOG_MS', tostring(step_timeout * 4)))

local watchdog = vim.loop.new_timer()
watchdog:start(watchdog_ms, 0, vim.schedule_wrap(function()
  fail(string.format('watchdog: run exceeded %d ms', watchdog_ms))
  finish(3)
end))

local function main()
  local cmd = vim.fn.json_decode(getenv('LSP_CMD_JSON', 'null'))
  local file = getenv('LSP_FILE', nil)
  if type(cmd) ~= 'table' or file == nil or out_path == nil then
    error('LSP_CMD_JSON, LSP_FILE and LSP_OUT are required')
  end
  local steps = vim.fn.json_decode(getenv('LSP_STEPS', '[]'))
  local root = getenv('LSP_ROOT', vim.fn.fnamemodify(file, ':p:h'))
  local version = vim.version()
  result.nvim_version = string.format('%d.%d.%d', version.major, version.minor, version.patch)

  -- -u NONE turns filetype detection off, and in 0.7 didOpen's languageId is the filetype.
  vim.cmd('filetype on')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[buf].filetype
  result.uri = vim.uri_from_bufnr(buf)
  local expected_filetype = getenv('LSP_FILETYPE', 'yaml')
  if result.filetype ~= expected_filetype then
    fail(string.format('filetype is %q, expected %q', result.filetype, expected_filetype))
  end

  local published = {}
  local initialized = false
  local exited = nil
  local started = vim.loop.hrtime()
  local client_id = vim.lsp.start_client({
    name = 'hot-lsp',
    cmd = cmd,
    root_dir = root,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
        table.insert(published, params)
        return vim.lsp.handlers['textDocument/publishDiagnostics'](err, params, ctx, config)
      end,
    },
    on_init = function(client, init_result)
      initialized = true
      result.startup_ms = (vim.loop.hrtime() - started) / 1e6
      result.server_info = init_result.serverInfo
    end,
    on_exit = function(code, signal)
      exited = { code = code, signal = signal }
    end,
  })
  if client_id == nil then
    fail('start_client returned nil')
    return 1
  end
  vim.lsp.buf_attach_client(buf, client_id)

  vim.wait(step_timeout, function()
    return initialized or exited ~= nil
  end, 20)
  if not initialized then
    fail('server did not initialize (' .. (exited and vim.inspect(exited) or 'timeout') .. ')')
    return 1
  end
  local client = vim.lsp.get_client_by_id(client_id)
  result.offset_encoding = client.offset_encoding

  local got_diagnostics = vim.wait(step_timeout, function()
    for _, params in ipairs(published) do
      if params.diagnostics ~= nil and #params.diagnostics > 0 then
        return true
      end
    end
    return false
  end, 20)
  if not got_diagnostics then
    fail(string.format('no publishDiagnostics with findings within %d ms', step_timeout))
  end
  result.publish_diagnostics = published
  result.editor_diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(result.editor_diagnostics, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, source = d.source,
    })
  end

  result.steps = {}
  for _, step in ipairs(steps) do
    local line_text = vim.api.nvim_buf_get_lines(buf, step.line - 1, step.line, false)[1] or ''
    local byte_col = vim.str_byteindex(line_text, step.character)
    vim.api.nvim_win_set_cursor(0, { step.line, byte_col })
    local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
    local record = { name = step.name, method = step.method, position = params.position }
    local responses, err = vim.lsp.buf_request_sync(buf, step.method, params, step_timeout)
    if responses == nil then
      fail(string.format('%s: %s', step.name, tostring(err)))
    else
      local response = responses[client_id]
      if response == nil then
        fail(step.name .. ': no answer from the client')
      elseif response.err ~= nil then
        fail(step.name .. ': ' .. vim.inspect(response.err))
        record.error = response.err
      else
        record.result = response.result
        if response.result == nil or response.result == vim.NIL then
          fail(step.name .. ': empty answer')
        end
      end
    end
    table.insert(result.steps, record)
  end

  client.stop()
  vim.wait(step_timeout, function()
    return exited ~= nil
  end, 20)
  result.server_exit = exited
  if exited == nil then
    fail('server did not exit after stop')
  end
  return #result.errors == 0 and 0 or 1
end

local ok, code = xpcall(main, debug.traceback)
if not ok then
  fail('lua error: ' .. tostring(code))
  finish(2)
else
  finish(code)
end
