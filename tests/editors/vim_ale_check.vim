" Drive hot-lsp through ALE and the project's linter (editors/vim) in a headless Vim; write what Vim saw as JSON.
"
"   HOT_LSP_VIM=editors/vim LSP_CMD_JSON='["hot-lsp"]' LSP_OUT=result.json LSP_FILE=template.yaml \
"   LSP_BEFORE='["plain.yaml"]' LSP_SETTINGS_JSON='{"disabledRules": ["I9001"]}' LSP_CHANNEL_LOG=channel.log \
"   LSP_STEPS='[{"name": "hover", "kind": "hover", "line": 16, "character": 33}]' \
"   vim -N -u NONE -i NONE -n -es -S vim_ale_check.vim </dev/null
"
" Without HOT_LSP_VIM the driver configures nothing (no ALE options, no runtimepath, no filetype): run it
" with `-u vimrc` to check that a user's vimrc alone gives diagnostics.
"
" Steps run ALE's own commands with the cursor put on a character: `kind` hover (:ALEHover, shown in the
" preview window) or definition (:ALEGoToDefinition, read from where the cursor lands). `line` is 1-based,
" `character` counts code points from 0. ALE turns the cursor into an LSP position itself (a byte column),
" and every message of the connection is recorded, so the test sees exactly what the server answered.
" Vim's channel log (LSP_CHANNEL_LOG) keeps what ALE sent. Optional: LSP_TIMEOUT_MS (per step, 10000),
" LSP_WATCHDOG_MS (whole run). Exit status: 0 all answered, 1 a step failed, 2 Vim error, 3 watchdog.

let s:result = {'errors': [], 'opened': [], 'steps': [], 'messages': []}
let s:finished = 0
let s:timeout_ms = str2nr(empty($LSP_TIMEOUT_MS) ? '10000' : $LSP_TIMEOUT_MS)

function! s:Finish(code) abort
    if s:finished
        return
    endif
    let s:finished = 1
    let s:result.exit_code = a:code
    call writefile([json_encode(s:result)], $LSP_OUT . '.tmp')
    call rename($LSP_OUT . '.tmp', $LSP_OUT)
    execute 'cquit ' . a:code
endfunction

function! s:Fail(message) abort
    call add(s:result.errors, a:message)
endfunction

function! s:Watchdog(timer) abort
    call s:Fail('watchdog: the run took too long')
    call s:Finish(3)
endfunction

" Let jobs and timers run until Predicate() is true or the step timeout passes.
function! s:Wait(Predicate) abort
    let l:start = reltime()
    while !a:Predicate() && reltimefloat(reltime(l:start)) * 1000 < s:timeout_ms
        sleep 20m
    endwhile
    return a:Predicate()
endfunction

function! s:Connections() abort
    return keys(ale#lsp_linter#GetLSPLinterMap())
endfunction

function! s:Record(conn_id, message) abort
    call add(s:result.messages, a:message)
endfunction

function! s:Open(path, wait_ms) abort
    execute 'edit ' . fnameescape(a:path)
    ALELint
    " Give ALE time to start a server, if it is going to.
    let l:start = reltime()
    while empty(s:Connections()) && reltimefloat(reltime(l:start)) * 1000 < a:wait_ms
        sleep 20m
    endwhile
    call add(s:result.opened, {'path': a:path, 'filetype': &filetype, 'connections': len(s:Connections())})
endfunction

function! s:Loclist() abort
    return ale#engine#GetLoclist(bufnr(''))
endfunction

function! s:PreviewLines() abort
    let l:buffer = bufnr('ALEPreviewWindow')
    return l:buffer == -1 ? [] : getbufline(l:buffer, 1, '$')
endfunction

function! s:Answers(first) abort
    return filter(s:result.messages[a:first :], 'has_key(v:val, "id") && !has_key(v:val, "method")')
endfunction

function! s:RunStep(step) abort
    let l:byte_col = byteidx(getline(a:step.line), a:step.character) + 1
    call cursor(a:step.line, l:byte_col)
    let l:record = {'name': a:step.name, 'kind': a:step.kind, 'cursor': [a:step.line, l:byte_col]}
    let l:first = len(s:result.messages)
    silent! pclose
    execute a:step.kind is# 'hover' ? 'ALEHover' : 'ALEGoToDefinition'
    " The server's answer to this step's request, whether or not ALE shows anything for it.
    if !s:Wait({-> !empty(s:Answers(l:first))})
        call s:Fail(a:step.name . ': no answer')
        call add(s:result.steps, l:record)
        return
    endif
    let l:record.answer = s:Answers(l:first)[0]
    if get(l:record.answer, 'result', v:null) isnot v:null
        " What the user sees: the hover in the preview window, or the cursor on the definition.
        call s:Wait(a:step.kind is# 'hover'
        \   ? {-> !empty(filter(copy(s:PreviewLines()), 'v:val !=# ""'))}
        \   : {-> getpos('.')[1:2] != [a:step.line, l:byte_col]})
    endif
    let l:record.shown = s:PreviewLines()
    let l:record.landed = getpos('.')[1:2]
    call add(s:result.steps, l:record)
endfunction

function! s:Main() abort
    " Without HOT_LSP_VIM the user's vimrc (vim -u) has set everything up: the driver sets nothing.
    if !empty($HOT_LSP_VIM)
        let l:command = json_decode($LSP_CMD_JSON)
        let g:ale_linters = {'yaml': ['hot-lsp']}
        let g:ale_linters_explicit = 1
        let g:ale_hover_to_preview = 1
        let g:ale_yaml_hot_lsp_executable = l:command[0]
        let g:ale_yaml_hot_lsp_options = join(map(l:command[1:], 'shellescape(v:val)'), ' ')
        let g:ale_yaml_hot_lsp_config = json_decode(empty($LSP_SETTINGS_JSON) ? '{}' : $LSP_SETTINGS_JSON)
        if !empty($LSP_CHANNEL_LOG)
            call ch_logfile($LSP_CHANNEL_LOG, 'w')
        endif
        execute 'set runtimepath^=' . fnameescape($HOT_LSP_VIM)
        filetype plugin on
        packadd ale
    endif
    let s:result.vim_version = v:version
    let s:result.ale_has_linter = !empty(filter(ale#linter#Get('yaml'), 'v:val.name is# "hot-lsp"'))

    for l:path in json_decode(empty($LSP_BEFORE) ? '[]' : $LSP_BEFORE)
        call s:Open(l:path, 1000)
    endfor
    call s:Open($LSP_FILE, s:timeout_ms)
    let l:connections = s:Connections()
    if empty(l:connections)
        call s:Fail('ALE started no server for the template')
        return 1
    endif
    call ale#lsp#RegisterCallback(l:connections[0], function('s:Record'))
    if !s:Wait({-> !empty(s:Loclist())})
        call s:Fail('no diagnostics in ALE''s list')
    endif
    let s:result.loclist = map(copy(s:Loclist()), {_, d -> {
    \   'lnum': d.lnum, 'col': d.col, 'text': d.text, 'code': get(d, 'code', ''),
    \   'type': d.type, 'linter_name': d.linter_name}})

    for l:step in json_decode(empty($LSP_STEPS) ? '[]' : $LSP_STEPS)
        call s:RunStep(l:step)
    endfor
    let s:result.server_alive = !empty(s:Connections())
    return empty(s:result.errors) ? 0 : 1
endfunction

call timer_start(str2nr(empty($LSP_WATCHDOG_MS) ? string(4 * s:timeout_ms) : $LSP_WATCHDOG_MS), function('s:Watchdog'))
try
    call s:Finish(s:Main())
catch
    call s:Fail('vim error: ' . v:exception . ' at ' . v:throwpoint)
    call s:Finish(2)
endtry
