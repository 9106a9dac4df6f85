-- :HotRender, :HotResources and :HotGraph: the server's hot-lsp.render, hot-lsp.resources and hot-lsp.graph
-- (workspace/executeCommand) for the current template, each in a scratch buffer. The server computes them from the
-- buffers it has, unsaved changes included, as `hot-lsp render|resources|graph` prints them for the same text.
--
--   :HotRender [yaml|json]           the template resolved offline (hotLsp.parameters, hotLsp.environments)
--   :HotResources [DEPTH|MAX]        every resource, nested stacks exploded (default: hotLsp.nestedDepth)
--   :HotGraph [dot|mermaid] [DEPTH]  the dependency graph as Graphviz DOT (default) or a Mermaid flowchart
--
-- Code lens: the server's lenses run hot-lsp.showReferences (a use count: its places go to the quickfix list),
-- hot-lsp.render and hot-lsp.resources (the scratch buffers above); registered in vim.lsp.commands, which
-- vim.lsp.codelens.run() looks in first.

local execute = require('hot_lsp.execute')
local preview = require('hot_lsp.preview')

local M = {}

M.RENDER = 'hot-lsp.render'
M.RESOURCES = 'hot-lsp.resources'
M.GRAPH = 'hot-lsp.graph'
M.SHOW_REFERENCES = 'hot-lsp.showReferences'

-- Run `command` with `{uri = the buffer's, ...options}`; `show(answer, file)` on success, else the error as
-- 'hot-lsp: <its message>'.
local function run(bufnr, command, options, show)
  bufnr = execute.buffer(bufnr)
  local file = execute.file(bufnr)
  execute.run(bufnr, command, options, function(answer)
    show(answer, file)
  end, function(err)
    return 'hot-lsp: ' .. tostring(err.message)
  end)
end

local function text_lines(text)
  local lines = vim.split(text or '', '\n', { plain = true })
  if lines[#lines] == '' then
    table.remove(lines)
  end
  return lines
end

-- A depth argument: a number from 0, or MAX; nil (the server takes hotLsp.nestedDepth) when not given.
local function depth(word)
  if word == nil or word == '' then
    return nil
  end
  if word:upper() == 'MAX' then
    return 'MAX'
  end
  return tonumber(word)
end

function M.render(bufnr, format)
  format = format ~= '' and format or 'yaml'
  run(bufnr, M.RENDER, { format = format }, function(text, file)
    preview.show(text_lines(text), 'hot-lsp-render://' .. file, format)
  end)
end

-- The lines of the scratch buffer for the `resources` JSON: one resource a line, nested ones indented.
function M.resource_lines(answer, file)
  local lines = { 'Resources of ' .. file, '' }
  for _, row in ipairs(answer.resources or {}) do
    local kind = row.resource_type ~= vim.NIL and row.resource_type or '(no type)'
    local line = string.format('%s%-28s %s', string.rep('  ', row.depth or 0), row.resource_name, kind)
    if row.enabled == false then
      line = line .. '  (disabled)'
    end
    if row.note ~= nil and row.note ~= vim.NIL then
      line = line .. '  [' .. row.note .. ']'
    end
    table.insert(lines, line)
  end
  return lines
end

function M.resources(bufnr, nested_depth)
  run(bufnr, M.RESOURCES, { nestedDepth = depth(nested_depth) }, function(answer, file)
    preview.show(M.resource_lines(answer or {}, file), 'hot-lsp-resources://' .. file, 'hotresources')
  end)
end

function M.graph(bufnr, format, nested_depth)
  format = (format ~= nil and format ~= '') and format or 'dot'
  run(bufnr, M.GRAPH, { format = format, nestedDepth = depth(nested_depth) }, function(text, file)
    preview.show(text_lines(text), 'hot-lsp-graph://' .. file, format == 'dot' and 'dot' or 'mermaid')
  end)
end

-- A use-count lens: its places (LSP Locations, in the arguments) in the quickfix list, opened.
function M.show_references(command, context)
  local locations = (command.arguments or {})[3] or {}
  if #locations == 0 then
    vim.notify('hot-lsp: no references', vim.log.levels.INFO)
    return
  end
  local client = vim.lsp.get_client_by_id(context.client_id)
  local encoding = client and client.offset_encoding or 'utf-16'
  vim.fn.setqflist({}, ' ', {
    title = 'hot-lsp: ' .. command.title,
    items = vim.lsp.util.locations_to_items(locations, encoding),
  })
  vim.cmd('botright copen')
end

function M.create_commands()
  vim.api.nvim_create_user_command('HotRender', function(args)
    M.render(0, args.args)
  end, {
    nargs = '?',
    complete = function()
      return { 'yaml', 'json' }
    end,
    desc = 'hot-lsp: the template resolved offline (hot-lsp render), in a scratch buffer',
  })
  vim.api.nvim_create_user_command('HotResources', function(args)
    M.resources(0, args.args)
  end, { nargs = '?', desc = 'hot-lsp: every resource, nested stacks exploded (hot-lsp resources)' })
  vim.api.nvim_create_user_command('HotGraph', function(args)
    M.graph(0, args.fargs[1], args.fargs[2])
  end, {
    nargs = '*',
    complete = function()
      return { 'dot', 'mermaid' }
    end,
    desc = 'hot-lsp: the dependency graph (hot-lsp graph), DOT or Mermaid, in a scratch buffer',
  })
  -- What the server's code lenses run (vim.lsp.codelens.run() looks here before asking the server).
  vim.lsp.commands[M.SHOW_REFERENCES] = M.show_references
  vim.lsp.commands[M.RENDER] = function(_, context)
    M.render(context.bufnr, 'yaml')
  end
  vim.lsp.commands[M.RESOURCES] = function(_, context)
    M.resources(context.bufnr, nil)
  end
end

return M
