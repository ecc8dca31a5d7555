"""Flet components, one per file: each renders a view-model (or part of one) and forwards events."""
