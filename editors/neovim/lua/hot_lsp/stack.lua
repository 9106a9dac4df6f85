-- The mapped stack (settings.stacks, on settings.cloud) from Neovim: the loop edit → what-if (:HotPreview) →
-- deploy → watch → failures on their lines.
--
--   :HotDeploy             create or update the stack from this template (saved first): asks with confirm() and the
--                          preview's counts (hot-lsp.deploy's dryRun), then the server asks again (window/showMessageRequest, answered here
--                          with confirm() too) and sends only on Deploy; its failures go to the quickfix list
--   :HotEvents [DEPTH|MAX]  the stack's events, oldest first, in a scratch buffer (nested stacks to DEPTH)
--   :HotFailures           the stack's failed resources in the quickfix list, at the file and line that declare
--                          each (a nested template's entry included); they are E9903 diagnostics there too

local execute = require('hot_lsp.execute')
local preview = require('hot_lsp.preview')

local M = {}

M.DEPLOY = 'hot-lsp.deploy'
M.EVENTS = 'hot-lsp.events'
M.FAILURES = 'hot-lsp.failures'

local text, buffer, run = execute.text, execute.buffer, execute.run

-- The quickfix items for the failures of `hot-lsp failures --format json` (file and line when located).
function M.failure_items(answer)
  local items = {}
  for _, failure in ipairs(answer.failures or {}) do
    local parent = text(failure.parent)
    local path = (parent ~= '' and (parent .. '/') or '') .. text(failure.resource_name)
    local item = {
      text = string.format('%s (%s) %s: %s', path, text(failure.resource_type), text(failure.status), text(failure.status_reason)),
      type = 'E',
    }
    if text(failure.file) ~= '' and failure.range ~= nil and failure.range ~= vim.NIL then
      item.filename = failure.file
      item.lnum = failure.range.start.line + 1
      item.col = failure.range.start.character + 1
    end
    table.insert(items, item)
  end
  return items
end

local function show_failures(answer)
  local items = M.failure_items(answer)
  local title = string.format('hot-lsp: stack %s: %s', text(answer.stack), text(answer.status))
  vim.fn.setqflist({}, ' ', { title = title, items = items })
  if #items == 0 then
    vim.notify(title .. ', no failed resource', vim.log.levels.INFO)
    return
  end
  vim.cmd('botright copen')
end

function M.failures(bufnr)
  bufnr = buffer(bufnr)
  run(bufnr, M.FAILURES, {}, show_failures)
end

function M.event_lines(events, file)
  local lines = { 'Events of the stack mapped to ' .. file, '' }
  for _, event in ipairs(events or {}) do
    local where = event.nested and ('[' .. text(event.stack) .. '] ') or ''
    local reason = text(event.resource_status_reason)
    table.insert(
      lines,
      string.format(
        '%s %s%s: %s%s',
        text(event.event_time),
        where,
        text(event.resource_name),
        text(event.resource_status),
        reason ~= '' and (': ' .. reason) or ''
      )
    )
  end
  return lines
end

function M.events(bufnr, depth)
  bufnr = buffer(bufnr)
  local nested = nil
  if depth ~= nil and depth ~= '' then
    nested = depth:upper() == 'MAX' and 'MAX' or tonumber(depth)
  end
  local file = execute.file(bufnr)
  run(bufnr, M.EVENTS, { nestedDepth = nested }, function(events)
    preview.show(M.event_lines(events, file), 'hot-lsp-events://' .. file, 'hotevents')
  end)
end

function M.deploy(bufnr)
  bufnr = buffer(bufnr)
  execute.save(bufnr)
  local file = execute.file(bufnr)
  vim.notify('hot-lsp: what deploying ' .. file .. ' does…', vim.log.levels.INFO)
  -- What the deploy would do (a dry run: nothing asked nor sent), for the first question.
  run(bufnr, M.DEPLOY, { dryRun = true }, function(plan)
    local question = string.format('Deploy %s to stack %s (%s): %s?', file, text(plan.stack), text(plan.action), text(plan.counts))
    if vim.fn.confirm(question, '&Deploy\n&Cancel', 2) ~= 1 then
      vim.notify('hot-lsp: not deployed', vim.log.levels.INFO)
      return
    end
    run(bufnr, M.DEPLOY, { confirmed = true }, function(answer)
      if not answer.deployed then
        vim.notify('hot-lsp: not deployed', vim.log.levels.INFO)
        return
      end
      vim.notify(string.format('hot-lsp: stack %s: %s', text(answer.stack), text(answer.status)))
      show_failures(answer)
    end)
  end)
end

-- The server's question (window/showMessageRequest: hot-lsp.deploy's guard) answered with confirm(): the
-- action chosen, or nil (vim.NIL) when none was.
function M.show_message_request(_, params)
  local actions = params.actions or {}
  if #actions == 0 then
    vim.notify(text(params.message))
    return vim.NIL
  end
  local labels = {}
  for _, action in ipairs(actions) do
    table.insert(labels, '&' .. action.title)
  end
  local chosen = vim.fn.confirm(text(params.message), table.concat(labels, '\n'), #actions)
  return actions[chosen] or vim.NIL
end

function M.create_commands()
  vim.api.nvim_create_user_command('HotDeploy', function()
    M.deploy(0)
  end, { desc = 'hot-lsp: create or update the mapped stack from this template, after its preview (asks first)' })
  vim.api.nvim_create_user_command('HotEvents', function(args)
    M.events(0, args.args)
  end, { nargs = '?', desc = "hot-lsp: the mapped stack's events (nested stacks to DEPTH), in a scratch buffer" })
  vim.api.nvim_create_user_command('HotFailures', function()
    M.failures(0)
  end, { desc = "hot-lsp: the mapped stack's failed resources in the quickfix list, on their lines" })
end

return M
