"""Games started before rules version 3 keep replaying under version 2 (games/stored_games.py).

Version 3 changed when a purple card taken with the Banquet's Pick Pocket may be used (docs/
rules.md, "The Banquet"), which can change a stored Banquet game's forced passes on replay.
"""

from django.db import migrations


def pin(apps, schema_editor):
    from games.stored_games import pin_stored_games

    pin_stored_games(apps.get_model("games", "Game"))


class Migration(migrations.Migration):
    dependencies = [("games", "0011_notification_params")]

    operations = [migrations.RunPython(pin, migrations.RunPython.noop)]
