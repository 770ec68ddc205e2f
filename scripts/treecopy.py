"""Copy the project to a scratch folder for the tools that change code to test the tests
(scripts/plant.py, scripts/mutation.py): the work tree as it is on disk, or a commit's tree."""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def copy_project(target: Path, ref: str | None = None) -> None:
    """Tracked and untracked (not ignored) files of the work tree, or the tree of `ref`, into
    `target`, which shares this tree's .venv."""
    if ref:
        with tempfile.TemporaryDirectory() as folder:
            archive = Path(folder) / "tree.tar"
            subprocess.run(["git", "archive", "-o", str(archive), ref], cwd=ROOT, check=True)
            with tarfile.open(archive) as tar:
                tar.extractall(target, filter="data")
    else:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.split(b"\0")
        for raw in filter(None, listed):
            source = ROOT / raw.decode()
            if source.is_file():
                destination = target / raw.decode()
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, destination)
    (target / ".venv").symlink_to(ROOT / ".venv")
