"""Talking to the user's own cloud (optional extra ``hot-lsp[cloud]``): only when the user names one."""
