" Heat templates and environment files named *.hot or *.template, which `hot-lsp check` reads too: YAML, or
" JSON when the file starts with `{`. A *.template that is not HOT (some other tool's) is left alone.
" Vim script, so that Neovim 0.7 reads it as well as 0.11 (ftdetect/ is sourced by `filetype on`).

function! s:HotFiletype(always) abort
    let l:lines = getline(1, 200)
    let l:text = join(l:lines, "\n")
    if !a:always && l:text !~# '\v(^|\n)\s*[''"]?(heat_template_version|resource_registry|parameter_defaults|event_sinks|parameter_merge_strategies|encrypted_param_names)[''"]?\s*:'
        return
    endif
    execute 'setfiletype ' . (l:text =~# '\v^\_s*\{' ? 'json' : 'yaml')
endfunction

autocmd BufNewFile,BufRead *.hot call s:HotFiletype(1)
autocmd BufNewFile,BufRead *.template call s:HotFiletype(0)
