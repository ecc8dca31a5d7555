"""The outcomes `shinpan history --outcome` takes: plain words, so the command line's parser is built
without importing the database layer."""

OUTCOMES = ("in-progress", "finished", "won", "draw", "win", "loss")
