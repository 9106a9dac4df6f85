"""The CLI subcommands (wiring over the analysis layer; no analysis logic here)."""
