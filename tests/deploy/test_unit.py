"""deploy/scorer.service runs the app in a sandbox, as systemd itself rates it, each line with its reason."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.topology import UNIT_FILE, unit_service

#: The most `systemd-analyze security` may rate the unit (0 is a sealed box, 10 no sandbox at all).
MOST_EXPOSURE = 4.0
#: What the sandbox must hold, whatever else is added: each is named in docs/deploying.md.
REQUIRED = {"NoNewPrivileges": "yes", "ProtectSystem": "strict", "PrivateTmp": "yes",
            "ProtectHome": "yes", "UMask": "0077", "StateDirectory": "scorer"}


def test_systemd_rates_the_unit_s_exposure_at_most_four(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.fail("systemd-analyze is missing: tests/deploy need systemd (apt-get install systemd)",
                    pytrace=False)
    rated = subprocess.run([analyze, "security", "--offline=true", "--no-pager", str(UNIT_FILE)],
                           capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path)
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", rated.stdout)
    assert found, rated.stdout + rated.stderr
    assert float(found.group(1)) <= MOST_EXPOSURE, rated.stdout


def test_the_unit_runs_as_a_user_of_its_own_with_the_sandbox_s_essentials() -> None:
    for name, value in REQUIRED.items():
        assert unit_service(name) == [value], name
    assert unit_service("User") == ["scorer"] and unit_service("DynamicUser") == ["yes"]
    assert unit_service("Group") == ["scorer"]  # not www-data, nginx's own
    memory = unit_service("MemoryMax")
    assert memory and memory[0] not in ("infinity", "")


def test_every_setting_of_the_service_says_why_in_a_comment_above_it() -> None:
    lines = UNIT_FILE.read_text().splitlines()
    section, said = "", False
    unexplained = []
    for line in lines:
        if line.startswith("["):
            section, said = line, False
        elif line.startswith("#"):
            said = True
        elif not line.strip():
            said = False
        elif section == "[Service]" and not said:
            unexplained.append(line)
    # The service's plain running settings are explained once, at the top of the file.
    plain = ("EnvironmentFile=", "ExecStart=", "Restart=", "KillSignal=", "TimeoutStopSec=")
    assert [line for line in unexplained if not line.startswith(plain)] == []
