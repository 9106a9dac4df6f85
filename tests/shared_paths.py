"""Where the sibling ../shared folder is; tests that need it skip with a reason when it is absent."""

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "corpus"

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the template corpus is not at {CORPUS}")
