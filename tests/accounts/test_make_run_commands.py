"""The management commands behind `make run`: the first-run admin account and the
embedded server, which must never leave a second worker behind."""

import socket
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.management.commands import run_embedded
from accounts.models import User


@pytest.mark.django_db
def test_the_first_run_creates_an_admin_with_a_random_password_and_later_runs_do_not():
    first = StringIO()
    call_command("bootstrap_admin", stdout=first)
    password = first.getvalue().split("password: ")[1].split()[0]
    admin = User.objects.get(username="admin")
    assert admin.is_superuser
    assert admin.is_staff
    assert admin.check_password(password)

    second = StringIO()
    call_command("bootstrap_admin", stdout=second)
    assert "password: " not in second.getvalue()
    assert User.objects.filter(is_superuser=True).count() == 1


@pytest.mark.django_db
def test_each_machine_gets_its_own_password():
    outputs = []
    for _ in range(2):
        User.objects.filter(username="admin").delete()
        out = StringIO()
        call_command("bootstrap_admin", stdout=out)
        outputs.append(out.getvalue().split("password: ")[1].split()[0])
    assert outputs[0] != outputs[1]


@pytest.fixture
def busy_port():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield listener.getsockname()[1]


@pytest.fixture
def no_worker(monkeypatch):
    def refuse():
        raise AssertionError("a worker was started although no server will run")

    monkeypatch.setattr(run_embedded.Supervisor, "start_all", lambda self: refuse())


def test_a_port_another_program_holds_is_refused_before_any_worker_starts(busy_port, no_worker):
    with pytest.raises(CommandError, match="in use by another program"):
        call_command("run_embedded", addrport=f"127.0.0.1:{busy_port}")


def test_a_second_run_while_the_app_serves_starts_nothing(busy_port, no_worker, monkeypatch):
    monkeypatch.setattr(run_embedded, "is_this_app", lambda url: True)
    out = StringIO()
    call_command("run_embedded", addrport=f"127.0.0.1:{busy_port}", stdout=out)
    assert "already running" in out.getvalue()


def test_on_the_venue_network_the_pages_answer_to_the_laptops_address(settings):
    address = run_embedded.venue_address()
    assert socket.inet_aton(address)  # an IPv4 address, 127.0.0.1 on a machine with no network
    hosts = run_embedded.lan_allowed_hosts("192.168.1.23")
    assert "192.168.1.23" in hosts
    assert set(settings.ALLOWED_HOSTS) <= set(hosts), "the laptop itself still answers"
    assert len(hosts) == len(set(hosts))
