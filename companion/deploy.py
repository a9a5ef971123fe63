"""The deploy version: what a page or a replay kept in a cache that outlives a process (Redis,
shared by app servers) is keyed with, so that after a deploy, or during a rolling one, no phone
is shown HTML made by other code, templates or translations, or naming other static files.

``COMPANION_DEPLOY_VERSION`` names it (a release tag, a commit); when unset it is a digest of
the app's Python code, its templates, its compiled translations and the static files' manifest
(``staticfiles.json``, written by ``collectstatic``), worked out once when the settings load.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

#: What the HTML and the kept objects are made by: (folder under the project, file pattern).
SOURCES = (("companion", "*.py"), ("templates", "*.html"), ("locale", "*.mo"))
MANIFEST = "staticfiles.json"


def deploy_version(base: Path, static_root: Path) -> str:
    """``COMPANION_DEPLOY_VERSION``, or a digest of what the running code is made of."""
    named = os.environ.get("COMPANION_DEPLOY_VERSION", "").strip()
    if named:
        return named
    digest = hashlib.blake2b(digest_size=8)
    for folder, pattern in SOURCES:
        for path in sorted((base / folder).rglob(pattern)):
            digest.update(str(path.relative_to(base)).encode())
            digest.update(path.read_bytes())
    manifest = static_root / MANIFEST
    if manifest.is_file():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()
