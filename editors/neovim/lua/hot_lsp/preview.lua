-- :HotPreview: the server's hot-lsp.preview command (workspace/executeCommand) for the current template, shown
-- in a scratch buffer, what is replaced and deleted first. With hotLsp.stacks mapping the template to a stack,
-- what the real update of that stack on hotLsp.cloud does (decided against the deployed stack, each row with its
-- reason); else Heat's create preview. The cloud is sent the file
-- as saved, so a modified buffer is written first (:update).
--
-- :HotRefreshCloudCatalogue fetches the cloud's resource types again (hot-lsp.refreshCloudCatalogue).
--
-- The what-if's code lens on `resources:` ("1 replaced (against git:HEAD)") runs hot-lsp.preview with `against`:
-- the offline comparison of the buffer's text with that git revision, shown the same way (M.what_if).

local execute = require('hot_lsp.execute')

local M = {}

M.PREVIEW = 'hot-lsp.preview'
M.REFRESH_CATALOGUE = 'hot-lsp.refreshCloudCatalogue'

-- Most dangerous first, as `hot-lsp preview`'s table shows them.
M.ORDER = {
  { 'replaced', 'Replaced (a new resource, a new physical id: its data is lost)' },
  { 'deleted', 'Deleted' },
  { 'undecided', 'Undecided (only the cloud can say)' },
  { 'added', 'Added' },
  { 'updated', 'Updated in place' },
  { 'unchanged', 'Unchanged' },
}

local text = execute.text

-- The lines of the scratch buffer for the JSON of `hot-lsp preview`.
function M.lines(changes, title)
  local lines = { title, '' }
  local counts = {}
  for _, kind in ipairs(M.ORDER) do
    table.insert(counts, string.format('%d %s', #(changes[kind[1]] or {}), kind[1]))
  end
  table.insert(lines, table.concat(counts, ', '))
  for _, kind in ipairs(M.ORDER) do
    local rows = changes[kind[1]] or {}
    if #rows > 0 then
      table.insert(lines, '')
      table.insert(lines, kind[2] .. ':')
      for _, row in ipairs(rows) do
        local parent = text(row.parent)
        local where = parent ~= '' and ('  (in ' .. parent .. ')') or ''
        table.insert(lines, string.format('  %-24s %s%s', text(row.resource_name), text(row.resource_type), where))
        if text(row.reason) ~= '' then
          table.insert(lines, '      ' .. text(row.reason))
        end
      end
    end
  end
  return lines
end

-- Show `lines` in a new scratch window below (nothing written anywhere), its filetype `filetype` (hotpreview).
function M.show(lines, name, filetype)
  vim.cmd('botright new')
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].buftype = 'nofile'
  vim.bo[bufnr].bufhidden = 'wipe'
  vim.bo[bufnr].swapfile = false
  pcall(vim.api.nvim_buf_set_name, bufnr, name)
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, lines)
  vim.bo[bufnr].modifiable = false
  vim.bo[bufnr].filetype = filetype or 'hotpreview'
  return bufnr
end

function M.preview(bufnr)
  bufnr = execute.buffer(bufnr)
  local client = execute.client_of(bufnr)
  if client == nil then
    return
  end
  execute.save(bufnr)
  local file = execute.file(bufnr)
  vim.notify('hot-lsp: asking the cloud for a preview of ' .. file .. '…', vim.log.levels.INFO)
  execute.request(client, bufnr, M.PREVIEW, { execute.argument(bufnr) }, function(changes)
    M.show(M.lines(changes or {}, 'Preview on the cloud: ' .. file), 'hot-lsp-preview://' .. file)
  end)
end

-- The what-if's table: the buffer's text against the git revision `against` (hot-lsp.preview, offline).
function M.what_if(bufnr, against)
  bufnr = execute.buffer(bufnr)
  local file = execute.file(bufnr)
  execute.run(bufnr, M.PREVIEW, { against = against }, function(changes)
    local title = 'Update from ' .. against .. ' to the buffer: ' .. file
    M.show(M.lines(changes or {}, title), 'hot-lsp-what-if://' .. file)
  end)
end

function M.refresh_catalogue(bufnr)
  bufnr = execute.buffer(bufnr)
  local client = execute.client_of(bufnr)
  if client == nil then
    return
  end
  execute.request(client, bufnr, M.REFRESH_CATALOGUE, {}, function(answer)
    vim.notify(string.format('hot-lsp: %d resource types from %s', answer.resource_types, answer.cloud))
  end)
end

function M.create_commands()
  vim.api.nvim_create_user_command('HotPreview', function()
    M.preview(0)
  end, { desc = "hot-lsp: Heat's preview of this template on hotLsp.cloud (update of the mapped stack)" })
  vim.api.nvim_create_user_command('HotRefreshCloudCatalogue', function()
    M.refresh_catalogue(0)
  end, { desc = "hot-lsp: fetch hotLsp.cloud's resource types again" })
  -- The what-if's lens (vim.lsp.codelens.run() looks here before asking the server): its table.
  vim.lsp.commands[M.PREVIEW] = function(command, context)
    local options = (command.arguments or {})[1] or {}
    if type(options) == 'table' and options.against ~= nil then
      M.what_if(context.bufnr, options.against)
    else
      M.preview(context.bufnr)
    end
  end
end

return M
