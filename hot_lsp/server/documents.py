"""Handlers of the open documents' texts: didOpen, didChange, didClose, didSave.

The store keeps the texts (HotProtocol keeps pygls from keeping a copy); each open and change is one call to the
diagnostics scheduler, "a text changed: analyse and publish" (the analysis of the newest text as soon as the
worker is free, see diagnostics.py), and tells the documents that read this one's file. With ``hotLsp.cloud``,
each open and save (never a change) asks the cloud about the file as saved, in the background (cloud.py).
"""

from __future__ import annotations

import logging
import os

from lsprotocol import types

from .session import HotLanguageServer

log = logging.getLogger("hot_lsp.server")


def handle_did_open(ls: HotLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    document = params.text_document
    if not ls.project.looked() and not ls.workspace_folders():
        from ..document.uris import file_path

        path = file_path(document.uri)
        if path is not None:  # no workspace folder: the project configuration is looked for from the document's
            ls.load_project(os.path.dirname(path))
    ls.store.open(document.uri, document.text, document.version, document.language_id)
    ls.diagnostics.text_changed(document.uri, opened=True)
    ls.what_if.edited(document.uri, saved=True)  # hotLsp.whatIf.against, once the text rests (what_if.py)
    ls.file_tracking.document_opened(document.uri)
    ls.cloud.validate(document.uri)  # hotLsp.cloud: the cloud's verdict on the file as saved (never on a change)


def handle_did_change(ls: HotLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    if not ls.store.change(uri, params.text_document.version, params.content_changes, ls.encoding):
        log.warning("didChange for %s, which is not open: ignored", uri)
        return
    ls.diagnostics.text_changed(uri)
    ls.what_if.edited(uri)
    ls.file_tracking.document_changed(uri)


def handle_did_close(ls: HotLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    text = ls.store.text(uri)
    ls.store.close(uri)
    ls.diagnostics.clear(uri)
    ls.cloud.forget(uri)
    ls.what_if.forget(uri)
    ls.file_tracking.document_closed(uri, text)


def handle_did_save(ls: HotLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    from ..document.uris import file_path  # here: the document package loads the parser, start-up does without

    path = file_path(params.text_document.uri)
    if path is not None and ls.project.concerns([path]):
        ls.load_project()
    elif path is not None:
        ls.file_tracking.files_changed([path])
    ls.cloud.validate(params.text_document.uri)
    if params.text_document.uri in ls.store.uris():
        ls.what_if.edited(params.text_document.uri, saved=True)
