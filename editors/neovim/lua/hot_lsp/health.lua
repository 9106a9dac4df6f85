-- :checkhealth hot_lsp (Neovim 0.7 and newer): the server found and its version, the Python it runs on,
-- the cloud extra, and the clients attached.

local M = {}

local health = vim.health or require('health')
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local fail = health.error or health.report_error
local info = health.info or health.report_info

local CLIENT_NAMES = { ['hot-lsp'] = true, hot_lsp = true } -- setup()'s client, vim.lsp.enable's

-- The command the user's configuration starts: setup()'s, else vim.lsp.config's (0.11+), else the default.
local function command()
  local plugin = package.loaded['hot_lsp']
  if plugin and plugin.options and plugin.options.cmd then
    return plugin.options.cmd, 'require("hot_lsp").setup()'
  end
  if vim.fn.has('nvim-0.11') == 1 then
    local config = vim.lsp.config.hot_lsp
    if config and type(config.cmd) == 'table' then
      return config.cmd, "vim.lsp.config('hot_lsp')"
    end
  end
  return { 'hot-lsp' }, 'the default'
end

local function run(argv)
  local output = vim.fn.system(argv)
  return vim.v.shell_error == 0, vim.trim(output)
end

-- The Python behind the command: `python -m hot_lsp` names it; a pip-installed script names it in its #! line.
local function python_of(cmd, executable)
  if cmd[2] == '-m' then
    return executable
  end
  local file = io.open(executable, 'r')
  if file == nil then
    return nil
  end
  local first = file:read('*l') or ''
  file:close()
  return first:match('^#!%s*(%S*python[%w%.]*)%s*$')
end

local function clients()
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  local found = {}
  for _, client in ipairs(get()) do
    if CLIENT_NAMES[client.name] then
      table.insert(found, client)
    end
  end
  return found
end

function M.check()
  start('hot-lsp server')
  local cmd, from = command()
  local executable = vim.fn.exepath(cmd[1])
  if executable == '' then
    fail(
      string.format('%q (from %s) is not found on PATH', cmd[1], from),
      vim.list_extend(require('hot_lsp').install_steps(), { 'or set cmd to a Python with hot_lsp' })
    )
    return
  end
  local argv = vim.list_extend(vim.deepcopy(cmd), { '--version' })
  argv[1] = executable
  local found, version = run(argv)
  if found then
    ok(string.format('%s (%s, from %s)', version, executable, from))
  else
    fail(string.format('%s --version failed: %s', executable, version))
  end

  local python = python_of(cmd, executable)
  if python == nil then
    warn('could not tell which Python runs ' .. executable)
  else
    local python_ok, python_version = run({ python, '--version' })
    if python_ok then
      ok(string.format('Python: %s (%s)', python_version, python))
    else
      fail(string.format('Python %s does not run: %s', python, python_version))
    end
    if run({ python, '-c', 'import openstack, keystoneauth1' }) then
      ok('cloud extra: installed (settings.cloud, :HotPreview)')
    else
      info("cloud extra: not installed (only for settings.cloud: pip install 'hot-lsp[cloud]')")
    end
  end

  start('hot-lsp clients')
  local attached = clients()
  if #attached == 0 then
    info('no hot-lsp client running (one starts on a YAML or JSON buffer that is a Heat template)')
  end
  for _, client in ipairs(attached) do
    local buffers = vim.tbl_keys(client.attached_buffers or {})
    table.sort(buffers)
    local names = {}
    for _, bufnr in ipairs(buffers) do
      table.insert(names, vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':~:.'))
    end
    ok(string.format(
      'client %d (%s), root %s: %d buffer(s) attached%s',
      client.id,
      client.name,
      tostring(client.config.root_dir),
      #names,
      #names > 0 and (': ' .. table.concat(names, ', ')) or ''
    ))
  end
end

return M
