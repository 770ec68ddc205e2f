from django.apps import AppConfig


class ExpansionTestConfig(AppConfig):
    name = "tests.browser.expansion_app"
    label = "expansion_test"

    def ready(self) -> None:
        from tests.browser.expansion_app import toll  # noqa: F401  (registers at import)
