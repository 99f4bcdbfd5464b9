"""Leagues get a description, season dates (L8) and a previous season (L9), and database checks
for best N of M, the points per win and the season's order. An existing league's season starts
on the day of its earliest event (or of its creation), so every event already in it stays in."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import F, Q


def fill_season_starts(apps, schema_editor):
    League = apps.get_model("leagues", "League")
    LeagueEvent = apps.get_model("leagues", "LeagueEvent")
    for league in League.objects.all():
        first = league.created_at.date()
        started = LeagueEvent.objects.filter(
            league=league, tournament__started_at__isnull=False
        ).values_list("tournament__started_at", flat=True)
        for moment in started:
            first = min(first, moment.date())
        league.starts_on = first
        league.save(update_fields=["starts_on"])


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0001_leagues_and_their_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="league",
            name="description",
            field=models.TextField(blank=True, max_length=2000),
        ),
        migrations.AddField(
            model_name="league",
            name="starts_on",
            field=models.DateField(null=True),
        ),
        migrations.RunPython(fill_season_starts, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="league",
            name="starts_on",
            field=models.DateField(),
        ),
        migrations.AddField(
            model_name="league",
            name="ends_on",
            field=models.DateField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="league",
            name="previous_season",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="next_season",
                to="leagues.league",
            ),
        ),
        migrations.AddConstraint(
            model_name="league",
            constraint=models.CheckConstraint(
                condition=Q(counted_events__isnull=True)
                | Q(planned_events__isnull=True)
                | Q(counted_events__lte=F("planned_events")),
                name="league_best_n_of_m",
            ),
        ),
        migrations.AddConstraint(
            model_name="league",
            constraint=models.CheckConstraint(
                condition=Q(points_per_win__gte=0, points_per_win__lte=100),
                name="league_points_per_win_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="league",
            constraint=models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(ends_on__gte=F("starts_on")),
                name="league_season_ends_after_start",
            ),
        ),
        migrations.AddConstraint(
            model_name="league",
            constraint=models.CheckConstraint(
                condition=Q(previous_season__isnull=True) | ~Q(previous_season=F("id")),
                name="league_season_not_its_own_previous",
            ),
        ),
    ]
