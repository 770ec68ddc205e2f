"""Games started before rules version 2 keep replaying under version 1 (games/stored_games.py)."""

from django.db import migrations


def pin(apps, schema_editor):
    from games.stored_games import pin_stored_games

    pin_stored_games(apps.get_model("games", "Game"))


class Migration(migrations.Migration):
    dependencies = [("games", "0003_remove_seat_vacation")]

    operations = [migrations.RunPython(pin, migrations.RunPython.noop)]
