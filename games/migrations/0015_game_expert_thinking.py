"""How long the expert bot thinks over a move, chosen per game (issue 17)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0014_game_analysis'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='expert_thinking',
            field=models.CharField(choices=[('quick', 'quick'), ('standard', 'standard'), ('deep', 'deep')], default='standard', max_length=16, verbose_name="expert's thinking"),
        ),
    ]
