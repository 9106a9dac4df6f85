;;; hot-lsp.el --- Eglot set-up for hot-lsp, the Heat template language server  -*- lexical-binding: t; -*-

;; Load this file after eglot and yaml-mode (Emacs 28+, Eglot 1.9+):
;;   (load "/path/to/hot-lsp/editors/emacs/hot-lsp.el")
;; YAML buffers that are Heat templates or environment files (by content) then start Eglot with hot-lsp.
;; Per project, settings can also come from .dir-locals.el:
;;   ((nil . ((eglot-workspace-configuration . (:hotLsp (:disabledRules ["I9001"]))))))

;;; Code:

(require 'eglot)

(defgroup hot-lsp nil
  "hot-lsp, the language server for OpenStack Heat templates."
  :group 'eglot)

(defcustom hot-lsp-command '("hot-lsp")
  "Command starting the server, e.g. (\"/path/to/venv/bin/python\" \"-m\" \"hot_lsp\")."
  :type '(repeat string))

(defcustom hot-lsp-settings nil
  "The hotLsp.* settings, as a plist, e.g. (:disabledRules [\"I9001\"] :nestedDepth 2).
Sent as initializationOptions; a project's `eglot-workspace-configuration'
section :hotLsp overrides them key by key."
  :type 'plist)

(defconst hot-lsp--checkout
  (expand-file-name "../../" (file-name-directory (or load-file-name buffer-file-name)))
  "The hot-lsp checkout this file is in (editors/emacs/../..), named in the install hint.")

;; docs/cli.md, "Files hot-lsp reads as HOT": a version key, or a section only environment files have.
;; The server has the last word; this only keeps other YAML away from it.
(defconst hot-lsp--hot-regexp
  (rx line-start
      (or (seq (* blank) (? (any "\"'")) "heat_template_version" (? (any "\"'")) (* blank) ":")
          (seq (? (* blank) "\"")
               (or "resource_registry" "parameter_defaults" "event_sinks"
                   "parameter_merge_strategies" "encrypted_param_names")
               (? "\"") (* blank) ":"))))

(defun hot-lsp-buffer-p ()
  "Non-nil when the current buffer is a Heat template or environment file."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (let ((case-fold-search nil))
        (re-search-forward hot-lsp--hot-regexp nil t)))))

(defun hot-lsp--contact (&optional _interactive)
  "The Eglot contact: `hot-lsp-command', with `hot-lsp-settings' as initializationOptions."
  (if hot-lsp-settings
      (append hot-lsp-command (list :initializationOptions (list :hotLsp hot-lsp-settings)))
    hot-lsp-command))

(defun hot-lsp-maybe-start ()
  "Start Eglot with hot-lsp in this buffer if it holds HOT and the server is installed."
  (when (and buffer-file-name (hot-lsp-buffer-p))
    (if (executable-find (car hot-lsp-command))
        (eglot-ensure)
      ;; Not `pip install' outside a venv: a system Python such as Debian 12's refuses it.
      (display-warning
       'hot-lsp
       (format (concat "%s is not on PATH. Install it with: pipx install hot-lsp; or in a venv in this checkout: "
                       "cd %s && python3 -m venv .venv && .venv/bin/pip install -e . "
                       "and set `hot-lsp-command' to (\"%s\")")
               (car hot-lsp-command) hot-lsp--checkout
               (expand-file-name ".venv/bin/hot-lsp" hot-lsp--checkout))))))

;; Eglot keeps one server per project and major mode: in a project where it runs, hot-lsp also gets the
;; other YAML buffers, which it answers with nothing.
(add-to-list 'eglot-server-programs
             '(((yaml-mode :language-id "yaml") (yaml-ts-mode :language-id "yaml")) . hot-lsp--contact))
(add-hook 'yaml-mode-hook #'hot-lsp-maybe-start)
(add-hook 'yaml-ts-mode-hook #'hot-lsp-maybe-start)

(provide 'hot-lsp)
;;; hot-lsp.el ends here
