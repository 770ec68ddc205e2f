"""A test-only Django app: it registers a decision kind the table has no dialog for, as an
expansion module would, in the live server's process (tests/browser/settings.py adds it)."""
