"""``hot-lsp mcp``: a Model Context Protocol server on stdio for assistants, started only by the user's own client
configuration (nothing in hot-lsp or its editor set-ups launches it).

- ``run``: the command line (``--os-cloud``, ``--allow-live``); says how to install the ``mcp`` extra when it is
  missing, else hands over to ``server``.
- ``server``: the only module that speaks the ``mcp`` SDK: lists the tools, checks each call's arguments against the
  tool's schema, runs the tool on a worker thread and turns its answer or its one-line failure into a tool result.
- ``tools``: the offline tools (check, explain, render, resources, graph, preview), each a ``commands/`` function
  run in this process with what it prints captured (``printed``), so an answer is what the command line prints.
- ``live_tools``: the read-only tools that ask the user's cloud (listed only with a cloud and ``--allow-live``).
- ``spec``: what a tool is (name, description, input schema, handler) and what it answers.
"""
