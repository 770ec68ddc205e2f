import pytest


@pytest.fixture(autouse=True)
def _test_settings(settings):
    """Fast hashing and captured e-mail in every web test."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.CELERY_TASK_ALWAYS_EAGER = True
