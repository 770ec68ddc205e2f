"""The level the stand-in bot plays at for a timed-out seat, set per game (issue 17)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_pin_rules_version_2_of_stored_games'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='stand_in_level',
            field=models.CharField(choices=[('random', 'beginner (random)'), ('greedy', 'greedy'), ('expert', 'expert')], default='greedy', max_length=16, verbose_name='stand-in bot level'),
        ),
    ]
