"""The suite's Hypothesis profile tolerates a slow machine but still runs every example."""

from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st


def test_the_ci_profile_is_loaded():
    current = hypothesis_settings.default
    assert current.deadline is None
    assert HealthCheck.too_slow in current.suppress_health_check


calls = []


@hypothesis_settings(max_examples=25, database=None)
@given(st.integers())
def _slow_property(n):
    calls.append(n)
    # as slow as a loaded box makes a strategy look: Hypothesis would fail with too_slow
    sum(range(20_000))


def test_a_slow_property_runs_all_its_examples_without_a_health_check_failure():
    calls.clear()
    _slow_property()
    assert len(calls) >= 25
