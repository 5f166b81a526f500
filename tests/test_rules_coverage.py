"""Every rule marked implemented in docs/rules.toml is named by a test, and the README's
rules table is the one tools/rules_coverage.py generates."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_implemented_rule_has_a_test_and_the_readme_table_is_current():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "rules_coverage.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
