import pytest
from django.core.cache import cache
from django.utils import translation


@pytest.fixture(autouse=True)
def _test_settings(settings):
    """Fast hashing, captured e-mail and an empty cache in every web test.

    The cache is Redis in the services run and outlives a test (rate-limit counters,
    presence marks), so each test starts from an empty one. Each test also starts in English:
    the test client runs requests in the test's own thread, and a German request would leave
    German active for the next test's service calls.
    """
    translation.activate("en")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.CELERY_TASK_ALWAYS_EAGER = True
    # A finished game's analysis runs only in the tests that ask for it, on a small budget.
    settings.ANALYSIS_AFTER_GAME = False
    settings.ANALYSIS_WORLDS = 2
    settings.ANALYSIS_WIDTH = 2
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """Each web test starts in the site's default language: a request by a German member
    leaves German active in the test's thread, and a service called directly afterwards
    (outside a request) would speak it."""
    translation.deactivate()
    yield
    translation.deactivate()
