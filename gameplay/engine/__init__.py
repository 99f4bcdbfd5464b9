"""The rules engine: pure standard-library code, no Django (see core.py for the contract)."""
