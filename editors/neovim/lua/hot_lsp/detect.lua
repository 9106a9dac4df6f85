-- Is a buffer a Heat template or environment file? Decided by content, as the server does (docs/cli.md,
-- "Files hot-lsp reads as HOT"): a `heat_template_version` key, or a section only environment files
-- have. The server has the last word (it parses the YAML); this only keeps other YAML buffers away from it.

local M = {}

-- A huge YAML file is not a template (Heat refuses more than 512 KiB); its head is enough to tell.
local MAX_LINES = 20000

local ENVIRONMENT_SECTIONS = {
  'resource_registry',
  'parameter_defaults',
  'event_sinks',
  'parameter_merge_strategies',
  'encrypted_param_names',
}

local function is_key_line(line, key, indented)
  -- YAML keys sit at column 0 at the top level; JSON keys are quoted and usually indented.
  local lead = indented and '^%s*' or '^'
  return line:find(lead .. '["\']?' .. key .. '["\']?%s*:') ~= nil
end

-- True when one of `lines` declares a template version or an environment section.
function M.is_hot_lines(lines)
  for _, line in ipairs(lines) do
    if is_key_line(line, 'heat_template_version', true) then
      return true
    end
    for _, section in ipairs(ENVIRONMENT_SECTIONS) do
      if is_key_line(line, section, false) or line:find('^%s*"' .. section .. '"%s*:') then
        return true
      end
    end
  end
  return false
end

function M.is_hot(bufnr)
  if not vim.api.nvim_buf_is_loaded(bufnr) then
    return false
  end
  local count = math.min(vim.api.nvim_buf_line_count(bufnr), MAX_LINES)
  return M.is_hot_lines(vim.api.nvim_buf_get_lines(bufnr, 0, count, false))
end

return M
