"""Heartbeats: the worker and the scheduler each write one every few seconds, so /healthz
(and the containers' health checks) can tell a silent background process from a live one."""
