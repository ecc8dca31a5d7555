"""Screens: each renders its view-model and forwards events; the shell decides which one is shown."""
