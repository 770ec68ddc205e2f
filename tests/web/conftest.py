import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _test_settings(settings):
    """Fast hashing, captured e-mail and an empty cache in every web test.

    The cache is Redis in the services run and outlives a test (rate-limit counters,
    presence marks), so each test starts from an empty one.
    """
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.CELERY_TASK_ALWAYS_EAGER = True
    cache.clear()
    yield
    cache.clear()
