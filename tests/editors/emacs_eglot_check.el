;;; emacs_eglot_check.el --- Drive hot-lsp through editors/emacs/hot-lsp.el in a batch Emacs  -*- lexical-binding: t; -*-

;; HOT_LSP_EL=editors/emacs/hot-lsp.el LSP_CMD_JSON='["hot-lsp"]' LSP_OUT=result.json \
;; LSP_FILE=template.yaml LSP_BEFORE='["plain.yaml"]' LSP_AFTER='["env.yaml"]' \
;; LSP_SETTINGS_JSON='{"disabledRules": ["I9001"]}' LSP_HOVER='[16, 33]' LSP_COMPLETION='[16, 35]' \
;; LSP_DEFINITION='[16, 36]' emacs --batch -Q -l emacs_eglot_check.el </dev/null
;;
;; Files are visited with find-file, so yaml-mode's hook (the set-up's content check) decides whether Eglot
;; starts, as for a user; then what a user sees is read: Flymake's diagnostics, eldoc's hover text,
;; completion-at-point's candidates, xref's definitions (M-.). Positions are [line (1-based), column in
;; characters (0-based)]; Eglot converts them to LSP positions itself.
;; Optional: LSP_TIMEOUT_S (per step, 10), LSP_WATCHDOG_S (whole run, 4x the step timeout).
;; Exit status: 0 all answered, 1 a step failed (see `errors'), 2 Lisp error, 3 watchdog.

;;; Code:

(require 'json)
(require 'cl-lib)

(defvar check-result (list (cons 'errors nil)))
(defvar check-finished nil)

(defun check-env (name &optional default)
  (let ((value (getenv name)))
    (if (or (null value) (string-empty-p value)) default value)))

(defun check-json-env (name default &optional array-type)
  (json-parse-string (check-env name default)
                     :object-type 'plist :array-type (or array-type 'list) :null-object nil))

(defun check-put (key value)
  (setf (alist-get key check-result) value))

(defun check-fail (message)
  (setf (alist-get 'errors check-result) (append (alist-get 'errors check-result) (list message))))

(defun check-finish (code)
  "Write the result and leave with CODE, whatever happens on the way."
  (unless check-finished
    (setq check-finished t)
    (check-put 'exit_code code)
    (check-put 'errors (vconcat (alist-get 'errors check-result))) ; [] in JSON, not null
    (unwind-protect
        (let ((out (check-env "LSP_OUT")))
          (when out
            (with-temp-file (concat out ".tmp")
              (insert (let ((json-encoding-pretty-print nil)) (json-encode check-result))))
            (rename-file (concat out ".tmp") out t)))
      (kill-emacs code))))

(defvar check-step-timeout (string-to-number (check-env "LSP_TIMEOUT_S" "10")))

(defun check-wait (predicate)
  "Let processes run until PREDICATE is true or the step timeout passes; return its value."
  (let ((deadline (+ (float-time) check-step-timeout)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun check-goto (position)
  (goto-char (point-min))
  (forward-line (1- (nth 0 position)))
  (forward-char (nth 1 position)))

(defun check-open (path)
  "Visit PATH as a user would (the mode hook runs), then let a pending eglot-ensure connect."
  (find-file path)
  ;; Batch mode has no command loop: run what eglot-ensure left for the end of this command.
  (run-hooks 'post-command-hook)
  (let ((server (eglot-current-server)))
    (check-put 'opened (append (alist-get 'opened check-result)
                               (list `((path . ,path)
                                       (major_mode . ,(symbol-name major-mode))
                                       (managed . ,(if (eglot-managed-p) t :json-false))
                                       (server . ,(and server (jsonrpc-name server)))))))
    server))

(defun check-flymake ()
  (flymake-start)
  (check-wait (lambda () (flymake-diagnostics)))
  (mapcar (lambda (d)
            (save-excursion
              (goto-char (flymake-diagnostic-beg d))
              `((line . ,(line-number-at-pos)) (col . ,(current-column))
                (type . ,(symbol-name (flymake-diagnostic-type d)))
                (text . ,(flymake-diagnostic-text d)))))
          (flymake-diagnostics)))

(defun check-hover (position)
  (check-goto position)
  (check-put 'hover_position (eglot--TextDocumentPositionParams))
  (let (shown)
    ;; What eldoc shows: the function it calls, with its callback.
    (eglot-hover-eldoc-function (lambda (info &rest _) (setq shown (or info ""))))
    (check-wait (lambda () shown))
    (check-put 'eldoc_hover shown)
    (unless (and shown (not (string-empty-p shown)))
      (check-fail "hover: eldoc showed nothing"))))

(defun check-completion (position)
  (check-goto position)
  (let* ((capf (eglot-completion-at-point))
         (labels (and capf (all-completions "" (nth 2 capf)))))
    (check-put 'completion_labels (mapcar #'substring-no-properties labels))
    (unless labels (check-fail "completion: no candidates"))))

(defun check-definition (position)
  (check-goto position)
  (let ((items (xref-backend-definitions 'eglot (xref-backend-identifier-at-point 'eglot))))
    (check-put 'definition
               (mapcar (lambda (item)
                         (let ((location (xref-item-location item)))
                           `((file . ,(xref-location-group location))
                             (line . ,(xref-location-line location))
                             (column . ,(xref-file-location-column location)))))
                       items))
    (unless items (check-fail "definition: nothing found"))))

(defun check-shutdown (server)
  "Shut SERVER down the LSP way, and record how its process ended (eglot-shutdown would SIGKILL it)."
  (let ((process (jsonrpc--process server)))
    (jsonrpc-request server :shutdown nil :timeout check-step-timeout)
    (jsonrpc-notify server :exit nil)
    (check-wait (lambda () (not (process-live-p process))))
    (check-put 'server_exit `((status . ,(symbol-name (process-status process)))
                              (code . ,(process-exit-status process))))))

(cl-defun check-main ()
  (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa") ; -Q hides Debian's elpa-* packages
  (package-initialize)
  (require 'yaml-mode)
  (require 'eglot)
  (require 'flymake)
  (setq eglot-sync-connect t
        eglot-connect-timeout check-step-timeout
        eldoc-idle-delay 0)
  (check-put 'emacs_version emacs-version)
  (check-put 'eglot_version (package-desc-version (cadr (assq 'eglot package-alist))))
  (load (check-env "HOT_LSP_EL") nil t)
  (setq hot-lsp-command (check-json-env "LSP_CMD_JSON" "null")
        ;; Vectors: Eglot sends a Lisp list as a JSON object.
        hot-lsp-settings (check-json-env "LSP_SETTINGS_JSON" "null" 'array))
  (dolist (path (check-json-env "LSP_BEFORE" "[]"))
    (check-open path))
  (let* ((started (float-time))
         (server (check-open (check-env "LSP_FILE"))))
    (unless server
      (check-fail "Eglot did not start for the template")
      (cl-return-from check-main 1))
    (check-put 'startup_ms (* 1000 (- (float-time) started)))
    (check-put 'server_info (plist-get (eglot--server-info server) :name))
    (check-put 'project_root (expand-file-name (project-root (eglot--project server))))
    (check-put 'language_id (eglot--language-id server))
    (check-put 'uri (eglot--path-to-uri (buffer-file-name)))
    (let ((diagnostics (check-flymake)))
      (check-put 'flymake_diagnostics diagnostics)
      (unless diagnostics (check-fail "flymake: no diagnostics")))
    (check-hover (check-json-env "LSP_HOVER" "[1, 0]"))
    (check-completion (check-json-env "LSP_COMPLETION" "[1, 0]"))
    (check-definition (check-json-env "LSP_DEFINITION" "[1, 0]"))
    (dolist (path (check-json-env "LSP_AFTER" "[]"))
      (check-open path))
    (check-shutdown server))
  (if (alist-get 'errors check-result) 1 0))

(run-with-timer (string-to-number (check-env "LSP_WATCHDOG_S" (number-to-string (* 4 check-step-timeout))))
                nil
                (lambda ()
                  (check-fail "watchdog: the run took too long")
                  (check-finish 3)))

(condition-case err
    (check-finish (check-main))
  (error
   (check-fail (format "lisp error: %S" err))
   (check-finish 2)))
;; Eglot's catch/throw can unwind past check-finish: never leave with 0 by accident.
(kill-emacs 2)
;;; emacs_eglot_check.el ends here
