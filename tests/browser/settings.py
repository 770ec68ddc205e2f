"""The live server's settings in browser tests: the site's, plus a test-only app that
registers a decision kind with no dialog (tests/browser/expansion_app)."""

from stpete_site.settings import *  # noqa: F403
from stpete_site.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.browser.expansion_app"]
