"""Shinpan: a referee for tabletop martial-arts card games played with real cards."""

__version__ = "0.1.0"
