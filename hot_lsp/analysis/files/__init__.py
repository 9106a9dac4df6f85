"""The multi-file world: nested templates and environment files read from disk, bounded and cached
(``template_files``), the editor's open buffers over them (``overlay``), where absolute paths may be looked for
(``roots``), what a template resource's child offers (``template_resources``), what the cross-file rules share
(``cross_file``) and the files editor features may read (``file_service``).

Invariant: every file read of the analysis goes through ``template_files``; nothing here reports a finding.
"""
