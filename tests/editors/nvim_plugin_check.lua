-- Drive hot-lsp through the Neovim plugin (editors/neovim) in a headless Neovim, and write what the
-- editor saw as JSON. Works with 0.7 (the plugin uses vim.lsp.start_client) and newer (vim.lsp.start).
--
--   HOT_LSP_PLUGIN=editors/neovim LSP_CMD_JSON='["hot-lsp"]' LSP_OUT=result.json \
--   LSP_FILE=template.yaml LSP_BEFORE='["plain.yaml"]' LSP_AFTER='["env.yaml"]' \
--   LSP_SETTINGS_JSON='{"disabledRules": ["I9001"]}' \
--   LSP_STEPS='[{"name": "hover", "method": "textDocument/hover", "line": 12, "character": 20}]' \
--   nvim --headless -u NONE -i NONE -n -c 'luafile nvim_plugin_check.lua'
--
-- Files are opened with :edit, so the plugin's FileType autocommand decides whether to attach, as for a
-- user: LSP_BEFORE before the template, LSP_AFTER after its steps; each one's client id is recorded.
-- Steps: `line` is 1-based, `character` counts code points from 0; the cursor is put there and Neovim
-- turns it into an LSP position (make_position_params, in the client's offset encoding), as for a user.
-- LSP_MODE=enable (0.11+) configures vim.lsp.config('hot_lsp', ...) + vim.lsp.enable('hot_lsp') (the plugin's
-- lsp/hot_lsp.lua) instead of setup(); LSP_HEALTH=1 records :checkhealth hot_lsp's lines at the end.
-- Optional: LSP_TIMEOUT_MS (per step, 10000), LSP_WATCHDOG_MS (whole run, 4x the step timeout).
-- Exit status: 0 every step answered, 1 a step failed (see `errors`), 2 Lua error, 3 watchdog.
-- Everything runs inside xpcall and always ends with :cquit: an uncaught error hangs a headless Neovim.

local uv = vim.uv or vim.loop
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

local watchdog = uv.new_timer()
watchdog:start(watchdog_ms, 0, vim.schedule_wrap(function()
  fail(string.format('watchdog: run exceeded %d ms', watchdog_ms))
  finish(3)
end))

local function json_env(name, default)
  return vim.fn.json_decode(getenv(name, default))
end

-- LSP_MODE=enable (0.11+): the client vim.lsp.enable('hot_lsp') attached to `buf`, if any.
local function enabled_client(buf)
  if getenv('LSP_MODE', 'setup') ~= 'enable' then
    return nil
  end
  local found = vim.lsp.get_clients({ bufnr = buf, name = 'hot_lsp' })
  return found[1] and found[1].id or nil
end

-- Open a file as a user would and record whether the plugin attached it.
local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  if getenv('LSP_MODE', 'setup') == 'enable' then
    -- vim.lsp.enable starts the client on the next turn of the event loop (after root_dir's on_dir).
    vim.wait(2000, function()
      return enabled_client(buf) ~= nil
    end, 20)
  end
  local record = {
    path = path,
    filetype = vim.bo[buf].filetype,
    client_id = vim.b[buf].hot_lsp_client or enabled_client(buf) or vim.NIL,
    omnifunc = vim.bo[buf].omnifunc,
    tagfunc = vim.bo[buf].tagfunc,
  }
  table.insert(result.opened, record)
  return buf, record
end

local function editor_diagnostics(buf)
  local shown = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(shown, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, source = d.source, code = d.code,
    })
  end
  return shown
end

local function run_step(buf, client, step)
  local line_text = vim.api.nvim_buf_get_lines(buf, step.line - 1, step.line, false)[1] or ''
  vim.api.nvim_win_set_cursor(0, { step.line, vim.str_byteindex(line_text, step.character) })
  local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
  local record = { name = step.name, method = step.method, position = params.position }
  local responses, err = vim.lsp.buf_request_sync(buf, step.method, params, step_timeout)
  local response = responses and responses[client.id]
  if responses == nil then
    fail(string.format('%s: %s', step.name, tostring(err)))
  elseif response == nil then
    fail(step.name .. ': no answer from the client')
  elseif response.err ~= nil then
    fail(step.name .. ': ' .. vim.inspect(response.err))
    record.error = response.err
  elseif response.result == nil or response.result == vim.NIL then
    fail(step.name .. ': empty answer')
  else
    record.result = response.result
  end
  return record
end

local function main()
  local plugin = getenv('HOT_LSP_PLUGIN', nil)
  local file = getenv('LSP_FILE', nil)
  if plugin == nil or file == nil or out_path == nil then
    error('HOT_LSP_PLUGIN, LSP_FILE and LSP_OUT are required')
  end
  local version = vim.version()
  result.nvim_version = string.format('%d.%d.%d', version.major, version.minor, version.patch)
  result.opened = {}
  result.published = {}

  result.notifications = {}
  local notify = vim.notify
  vim.notify = function(message, level, opts)
    table.insert(result.notifications, { message = message, level = level or vim.NIL })
    return notify(message, level, opts)
  end

  local initialized, exited = false, nil
  local started = uv.hrtime()
  vim.opt.runtimepath:prepend(plugin)
  -- -u NONE turns filetype detection off, and didOpen's languageId is the filetype.
  vim.cmd('filetype on')
  local config = {
    cmd = json_env('LSP_CMD_JSON', 'null'),
    settings = json_env('LSP_SETTINGS_JSON', '{}'),
    handlers = {
      -- Only clients without pull diagnostics (0.7-0.9) get pushes; recorded to check the raw ranges.
      ['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
        table.insert(result.published, params)
        return vim.lsp.handlers['textDocument/publishDiagnostics'](err, params, ctx, config)
      end,
    },
    on_init = function(_, init_result)
      initialized = true
      result.startup_ms = (uv.hrtime() - started) / 1e6
      result.server_info = init_result.serverInfo
    end,
    on_exit = function(code, signal)
      exited = { code = code, signal = signal }
    end,
  }
  if getenv('LSP_MODE', 'setup') == 'enable' then
    -- The plugin's lsp/hot_lsp.lua, as a 0.11 user enables it: settings under hotLsp.
    config.settings = { hotLsp = config.settings }
    -- A plain Lua list: 0.11.4's config check refuses the cmd table json_decode makes (no client, no error).
    config.cmd = vim.list_extend({}, config.cmd)
    vim.lsp.config('hot_lsp', config)
    vim.lsp.enable('hot_lsp')
  else
    require('hot_lsp').setup(config)
  end

  for _, path in ipairs(json_env('LSP_BEFORE', '[]')) do
    open(path)
  end
  local buf, opened = open(file)
  result.filetype = opened.filetype
  result.uri = vim.uri_from_bufnr(buf)
  if opened.client_id == vim.NIL then
    fail('the plugin did not attach the template')
    return 1
  end
  vim.wait(step_timeout, function()
    return initialized or exited ~= nil
  end, 20)
  if not initialized then
    fail('server did not initialize (' .. (exited and vim.inspect(exited) or 'timeout') .. ')')
    return 1
  end
  local client = vim.lsp.get_client_by_id(opened.client_id)
  result.offset_encoding = client.offset_encoding
  result.root_dir = client.config.root_dir

  local got_diagnostics = vim.wait(step_timeout, function()
    return #vim.diagnostic.get(buf) > 0
  end, 20)
  if not got_diagnostics then
    fail(string.format('no diagnostics shown within %d ms', step_timeout))
  end
  vim.wait(500) -- a duplicate set (pushed and pulled) would arrive right after the first
  result.editor_diagnostics = editor_diagnostics(buf)

  result.steps = {}
  for _, step in ipairs(json_env('LSP_STEPS', '[]')) do
    table.insert(result.steps, run_step(buf, client, step))
  end

  for _, path in ipairs(json_env('LSP_AFTER', '[]')) do
    open(path)
  end

  if getenv('LSP_HEALTH', '') ~= '' then
    -- What :checkhealth hot_lsp shows, with the client running.
    vim.cmd('checkhealth hot_lsp')
    result.health = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  end

  vim.lsp.stop_client(opened.client_id)
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
