"""Game.uid, filled with a distinct value for every existing game before it becomes unique."""

import uuid

from django.db import migrations, models


def fill(apps, schema_editor):
    Game = apps.get_model("tables", "Game")
    for game in Game.objects.filter(uid__isnull=True).only("pk").iterator():
        Game.objects.filter(pk=game.pk).update(uid=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0003_club"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="uid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
