" ALE linter: hot-lsp, the language server for OpenStack Heat templates (https://github.com/dense-analysis/ale).
" Put editors/vim on 'runtimepath' (or copy this file to ~/.vim/ale_linters/yaml/); ALE finds it there.
"
"   let g:ale_yaml_hot_lsp_executable = 'hot-lsp'        " or '/path/to/venv/bin/python'
"   let g:ale_yaml_hot_lsp_options = ''                  " with a python: '-m hot_lsp'
"   let g:ale_yaml_hot_lsp_config = {'disabledRules': ['I9001']}   " the hotLsp.* settings
"
" ALE sends byte columns as LSP positions (no UTF-16 conversion): after a non-ASCII character on the same
" line, hover and go-to-definition ask about a point further right than the cursor.

call ale#Set('yaml_hot_lsp_executable', 'hot-lsp')
call ale#Set('yaml_hot_lsp_options', '')
call ale#Set('yaml_hot_lsp_config', {})

" docs/cli.md, "Files hot-lsp reads as HOT": a version key, or a section only environment files have.
" The server has the last word; this keeps other YAML away from it (an empty executable skips the linter).
let s:hot_pattern = '\v^(\s*[''"]?heat_template_version[''"]?\s*:'
\   . '|\s*"?(resource_registry|parameter_defaults|event_sinks|parameter_merge_strategies|encrypted_param_names)"?\s*:)'

function! ale_linters#yaml#hot_lsp#IsHot(buffer) abort
    for l:line in getbufline(a:buffer, 1, 20000)
        if l:line =~# s:hot_pattern
            return 1
        endif
    endfor

    return 0
endfunction

function! ale_linters#yaml#hot_lsp#GetExecutable(buffer) abort
    if !ale_linters#yaml#hot_lsp#IsHot(a:buffer)
        return ''
    endif

    return ale#Var(a:buffer, 'yaml_hot_lsp_executable')
endfunction

function! ale_linters#yaml#hot_lsp#GetCommand(buffer) abort
    return '%e' . ale#Pad(ale#Var(a:buffer, 'yaml_hot_lsp_options'))
endfunction

" The repository holding the file (nested templates and get_file are read only inside it), else its folder.
function! ale_linters#yaml#hot_lsp#GetProjectRoot(buffer) abort
    let l:git = ale#path#FindNearestDirectory(a:buffer, '.git')

    return !empty(l:git) ? fnamemodify(l:git, ':h:h') : expand('#' . a:buffer . ':p:h')
endfunction

" The settings go both ways the server reads them: ALE does not answer workspace/configuration.
function! ale_linters#yaml#hot_lsp#GetSettings(buffer) abort
    return {'hotLsp': ale#Var(a:buffer, 'yaml_hot_lsp_config')}
endfunction

call ale#linter#Define('yaml', {
\   'name': 'hot-lsp',
\   'lsp': 'stdio',
\   'executable': function('ale_linters#yaml#hot_lsp#GetExecutable'),
\   'command': function('ale_linters#yaml#hot_lsp#GetCommand'),
\   'project_root': function('ale_linters#yaml#hot_lsp#GetProjectRoot'),
\   'initialization_options': function('ale_linters#yaml#hot_lsp#GetSettings'),
\   'lsp_config': function('ale_linters#yaml#hot_lsp#GetSettings'),
\})
