import sys
from pathlib import Path

# Make `tests.helpers` importable as `helpers` from every test folder.
sys.path.insert(0, str(Path(__file__).parent))
