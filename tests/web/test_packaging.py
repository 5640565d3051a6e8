"""An installed package serves German: the compiled catalog is built into it.

The build compiles the catalog (setup.py), so a checkout that never ran
`make` installs German all the same, as the README's deployment steps do.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOG = "scorer/translations/de/LC_MESSAGES/messages.mo"
#: What a fresh checkout holds: no compiled catalog, no virtualenv, no database.
NOT_IN_A_CHECKOUT = shutil.ignore_patterns(
    ".git", ".venv", "instance", "__pycache__", "*.mo", "*.egg-info", "build", "dist",
    ".pytest_cache", ".hypothesis", ".mypy_cache", "tests", "bench", "docs",
)

SERVE_GERMAN = """
from scorer import create_app
import scorer
app = create_app({"TESTING": True, "SECRET_KEY": "k" * 32, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
page = app.test_client().get("/import", headers={"Accept-Language": "de"}).get_data(as_text=True)
print(scorer.__file__)
print("Eine Liste importieren" in page and 'lang="de"' in page)
"""


def test_a_wheel_built_from_a_fresh_checkout_holds_the_catalog_and_serves_german(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT, checkout, ignore=NOT_IN_A_CHECKOUT)
    assert not (checkout / CATALOG).exists()
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
         "-w", str(tmp_path / "dist"), str(checkout)],
        check=True, capture_output=True, timeout=300,
    )
    (wheel,) = (tmp_path / "dist").glob("scorer-*.whl")
    assert CATALOG in zipfile.ZipFile(wheel).namelist()

    # Installed on its own, beside the templates and assets it serves.
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(site), str(wheel)],
        check=True, capture_output=True, timeout=300,
    )
    for folder in ("templates", "static"):
        shutil.copytree(checkout / folder, site / folder)
    served = subprocess.run(
        [sys.executable, "-c", SERVE_GERMAN], cwd=tmp_path, env={"PYTHONPATH": str(site), "PATH": ""},
        capture_output=True, text=True, check=True, timeout=120,
    )
    where, german = served.stdout.split()
    assert where.startswith(str(site))
    assert german == "True"
